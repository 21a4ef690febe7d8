"""The friends transport reached by messages alone: the Python side of web/page/net_port.js, which
drives web/page/net.js (WebRTC data channels, or a BroadcastChannel between tabs) on the main thread.

Pure Python (tested on CPython, tests/test_page_patch.py): requests leave as the page's changes
(``patch.net``) and the answers and the transport's events come back as input messages. The
transport's errors carry a ``code`` and ``values`` besides their words, so the Friends panel can
name seats (app/friends_page.py).
"""

import asyncio


class NetError(Exception):
    """The transport refused (web/page/net.js): its words, in the page's language, with a stable
    ``code`` and the ``values`` they were made from."""

    def __init__(self, message, code="", values=None):
        super().__init__(message)
        self.code = code
        self.values = values if isinstance(values, dict) else {}


class NetPort:
    """The friends transport (web/page/net.js, through web/page/net_port.js) by messages alone:
    requests go out as the page's changes ("net"), answers and the transport's events come back
    as input messages (``heard``). ``side`` is "host" or "guest"; ``events`` is the mode, whose
    ``opened``, ``closed``, ``arrived`` and ``unsent`` hear the connections."""

    def __init__(self, patch, side, options, events):
        self.patch = patch
        self.events = events
        self.answers = {}  # request id -> the future its answer resolves
        self.asked = 0
        patch.net("start", side, options)

    async def request(self, method, *args):
        """A transport method's result; NetError when it refuses."""
        self.asked += 1
        future = asyncio.get_event_loop().create_future()
        self.answers[self.asked] = future
        self.patch.net("call", self.asked, method, list(args))
        return await future

    def tell(self, method, *args):
        """A transport method, no answer wanted (a failed send comes back as "unsent")."""
        self.patch.net("call", None, method, list(args))

    def send(self, *args):
        self.tell("send", *args)

    def close(self, seat):
        self.tell("close", seat)

    def close_all(self):
        self.tell("closeAll")

    def heard(self, message):
        """An input message {type: "net", event, ...} (web/page/net_port.js)."""
        event = message.get("event")
        seat = message.get("seat")
        seat = seat if isinstance(seat, str) else None
        if event == "answer":
            future = self.answers.pop(message.get("id"), None)
            if future is None or future.done():
                return
            error = message.get("error")
            if isinstance(error, dict):
                future.set_exception(NetError(str(error.get("message", "")), str(error.get("code", "")),
                                              error.get("values")))
            else:
                future.set_result(message.get("result"))
        elif event == "open":
            self.events.opened(seat)
        elif event == "close":
            self.events.closed(seat)
        elif event == "message":
            text = message.get("text")
            self.events.arrived(seat, text if isinstance(text, str) else None)
        elif event == "unsent":
            self.events.unsent(seat, str(message.get("problem", "")))


def error_text(err):
    """An error's own words (the transport says plainly what was wrong, in the page's language)."""
    return str(err)


def error_code(err):
    """A transport error's code and values (web/page/net.js), or ("", {}) for any other error."""
    if not isinstance(err, NetError) or not err.code:
        return "", {}
    return err.code, err.values
