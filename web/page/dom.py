"""Small helpers over the page's DOM (Pyodide only): lookups that return None for JS null."""

from pyscript import document


def node(element):
    """A DOM lookup's result, with JS null/undefined as None."""
    if element is None or type(element).__name__ in ("JsNull", "JsUndefined"):
        return None
    return element


def by_id(name):
    return node(document.getElementById(name))


def query(selector, root=None):
    return node((root or document).querySelector(selector))


def data(element, name):
    """An element's data-<name> attribute (None if absent or not an element)."""
    element = node(element)
    if element is None or not hasattr(element, "getAttribute"):
        return None
    return node(element.getAttribute("data-" + name))


class Patcher:
    """Puts HTML text into elements by id, skipping those whose text did not change (so a
    re-render keeps hover, focus and running animations where nothing moved)."""

    def __init__(self):
        self.last = {}

    def set(self, name, html):
        element = by_id(name)
        if element is not None and self.last.get(name) != html:
            element.innerHTML = html
            self.last[name] = html
        return element

    def forget(self, name):
        self.last.pop(name, None)
