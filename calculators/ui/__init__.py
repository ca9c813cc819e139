"""HTML rendering helpers shared by every calculator's ``render`` function."""

from .charts import Bar, distribution_chart
from .markup import Html, h, join, percent, text

__all__ = ["Bar", "Html", "distribution_chart", "h", "join", "percent", "text"]
