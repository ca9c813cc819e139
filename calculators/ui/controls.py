"""Buttons in a calculator's answer that change its inputs (apply an effect, add a point, roll).

A calculator stays a pure function of its inputs; a button only proposes new inputs. The site
script sets them, keeps the previous inputs for Undo, and recomputes, so the URL still holds
the whole state and the build can pre-render the same buttons.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..params import Param
from .markup import Html, h

#: A value the site script replaces with a fresh random whole number (a seed for a roll).
RANDOM = "@random"
#: Largest seed accepted: any 31-bit number (the site script draws 1 .. 2**31 - 1 for RANDOM).
MAX_SEED = 2**31 - 1

#: A character sheet's roll seed: set with :data:`RANDOM` by a Roll button, cleared by any
#: other change (``transient``) so the roll shown belongs to the inputs it was rolled with.
ROLL_SEED = Param("seed", "Roll seed", minimum=0, maximum=MAX_SEED, hidden=True, transient=True,
                  help="Set by a Roll button; the same seed rolls the same dice.")


def set_button(label: str, values: Mapping[str, object], title: str | None = None,
               primary: bool = False, key: str | None = None,
               append: Mapping[str, object] | None = None,
               pop: tuple[str, ...] = ()) -> Html:
    """A button that sets the widget's inputs ``values`` (name → value) and recomputes.

    Args:
        label: the button text.
        values: inputs to set; use :data:`RANDOM` for a new random seed on every click, as a
            value or anywhere inside a list or dict value (it is sent as JSON).
        title: a tooltip saying what the button does, when the label alone does not.
        primary: draw it as the main action.
        key: what makes this button the same one in the next answer, when its label does not
            (one of many "Roll" buttons, "Use" that becomes "Stop using"): the site script
            hands the focus, and a tap made while the answer was being replaced, to the
            button with the same key.
        append: inputs that hold a JSON list, each given one more item (an event added to a
            battle's log): the button carries the item, not the whole list, so an answer's
            size does not grow with the log; :data:`RANDOM` inside the item works as in
            ``values``.
        pop: inputs that hold a JSON list, each losing its last item (Undo of a battle's last
            event, beside the buttons that appended it).
    """
    text = {name: value if isinstance(value, str) else json.dumps(value)
            for name, value in values.items()}
    kind = "md-button md-button--primary calc-set" if primary else "md-button calc-set"
    added = ({name: json.dumps(item) for name, item in append.items()} if append else None)
    return h("button", label, type="button", class_=kind, title=title, data_calc_key=key,
             data_calc_set=json.dumps(text, sort_keys=True, separators=(",", ":")),
             data_calc_append=json.dumps(added, sort_keys=True, separators=(",", ":"))
             if added else None, data_calc_pop=" ".join(pop) or None)
