"""HTML rendering helpers shared by every calculator's ``render`` function."""

from .charts import Bar, distribution_chart
from .controls import MAX_SEED, RANDOM, ROLL_SEED, set_button
from .figures import amount, figure, figures, number, signed
from .links import control_link, linked_text, rule_refs, widget_link
from .markup import Html, h, join, percent, text
from .tables import data_table, details, details_table, row_below

__all__ = ["MAX_SEED", "RANDOM", "ROLL_SEED", "Bar", "Html", "amount", "control_link", "data_table",
           "details", "details_table", "distribution_chart", "figure", "figures", "h", "join",
           "linked_text", "number", "percent", "row_below", "rule_refs", "set_button", "signed",
           "text", "widget_link"]
