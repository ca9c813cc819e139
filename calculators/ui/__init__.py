"""HTML rendering helpers shared by every calculator's ``render`` function."""

from .charts import Bar, distribution_chart
from .controls import RANDOM, set_button
from .markup import Html, h, join, percent, text

__all__ = ["RANDOM", "Bar", "Html", "distribution_chart", "h", "join", "percent", "set_button",
           "text"]
