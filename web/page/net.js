// Stripdeck's transport for "play with friends": browsers talk to each other directly, with
// no server of ours in between. This file only moves strings between a host (one per table,
// it deals and validates) and its guests (one per seat); the game logic sits on top of it.
//
// Two transports, one API (window.StripdeckNet, a classic script with no dependencies):
//
// * WebRTC data channels (the default). Signalling is done by hand: the host makes an
//   invitation code per seat, the player sends it to a friend through any messenger, the
//   friend's page turns it into a reply code, and that travels back the same way. Each code
//   is one SDP with all ICE candidates already gathered (no trickle), shrunk: lines every
//   data-channel SDP has are dropped and put back from a template on the other side, then
//   deflate-raw (CompressionStream) and base64url. Prefixes say what a code is without
//   decoding it: "w1." invitation, "r1." reply. Each invitation carries a random id that the
//   reply repeats, so the host can tell a reply for another seat or an old invitation from
//   a good one, and say so in plain words. With no iceServers (the default) only host
//   candidates exist: it works between browsers on one network; across the Internet the
//   page needs STUN (and TURN for strict NATs) passed in options.iceServers.
//   A negotiated channel (id 0) exists on both sides, so no "datachannel" event is needed.
//   A page closes its connections on pagehide, so the peer hears at once (the channel
//   closes); a page that dies without that (crash, lost network) is noticed when ICE turns
//   "disconnected" (about 5 s in Chromium). So no heartbeat of our own is needed here.
//
// * BroadcastChannel ({broadcast: tableId}): several tabs of one browser, for playing or
//   testing on one machine. One channel per table; frames are {type, to, from, seat,
//   secret, text}. An invitation code ("b1.") holds the table id, seat and a random secret;
//   the host ignores frames for a seat without that seat's secret. A guest that joins again
//   with the same code (a reload) takes the seat over. Each side pings every 2 s and the
//   other answers at once; three ticks without a word from the other (4 to 6 s) close it.
//   Answering on receipt rather than on a timer keeps background tabs (whose timers the
//   browser slows down) from being taken for dead. A closing tab says "bye" on pagehide.
//   Note: a BroadcastChannel is shared by every page of the same origin in that browser, so
//   the secret stops mix-ups and casual forging, not a hostile script on the same site.
//
// Messages are strings up to 64 KB (UTF-8); binary frames that arrive are dropped.
// Callbacks: onopen/onclose fire once per connection (onclose only after an onopen).
//
// Errors a person reads (a code pasted in the wrong place, a connection that failed) are Errors
// whose message is in the page's language (window.stripdeckL10n._, the page's catalogue), with
// a stable `code` and the `values` they were made from ({seat: "s2", other: "s1", seconds: 30}),
// so the page can word them its own way (web/friends/friends_render.py names seats by their guests).
// The messages never name a seat by its id: a person reads them in that seat's own box. Errors
// from misusing this API (a non-string message or seat) stay in English: no person reads them.
// l10n-part: script (this file's sentences are said by the page's JavaScript (locale/<code>.json): docs/i18n.md, "Bytes")
(() => {
  "use strict";

  const MAX_BYTES = 65536;
  const OPEN_TIMEOUT_S = 30;   // accept(): from the reply to an open channel (options.timeout)
  const GATHER_MAX_MS = 10000; // waiting for ICE candidates (STUN may be slow)
  const BEAT_MS = 2000;        // broadcast: ping interval
  const BEAT_MISSES = 3;       // broadcast: ticks without a word before the link counts as closed
  const MAX_CODE_CHARS = 3000; // real codes: about 300
  const PREFIX = { invite: "w1.", reply: "r1.", broadcast: "b1." };
  const LABEL = "stripdeck";

  const NS = { MAX_BYTES, trace: null };

  // ---------------------------------------------------------------- small helpers

  // A sentence in the page's language ({name} placeholders filled from `values`): the page's
  // own _ (web/page/shell.js); English where this file runs without it (tests/browser/test_net.py).
  const _ = (text, values) => (window.stripdeckL10n ? window.stripdeckL10n._(text, values)
    : text.replace(/\{(\w+)\}/g, (m, k) => ((values && k in values) ? String(values[k]) : m)));

  // An Error for a person: `message` already in words (a call of _ where it is raised), with
  // its code and values for the page.
  function fail(code, message, values) {
    const err = new Error(message);
    err.code = code;
    err.values = values || {};
    return err;
  }
  const call = (fn, ...args) => { if (typeof fn === "function") fn(...args); };
  const traced = (entry) => { if (Array.isArray(NS.trace)) NS.trace.push(entry); };

  function randomText(bytes) {
    return toBase64url(crypto.getRandomValues(new Uint8Array(bytes)));
  }

  function checkMessage(text) {
    if (typeof text !== "string") throw new TypeError("a message must be a string");
    // Quick path: a short string cannot exceed the limit (at most 3 UTF-8 bytes per unit).
    if (text.length * 3 <= MAX_BYTES) return;
    const size = new TextEncoder().encode(text).length;
    if (size > MAX_BYTES) throw new RangeError(`message too long: ${size} bytes (limit ${MAX_BYTES})`);
  }

  function deferred() {
    const d = {};
    d.promise = new Promise((resolve, reject) => { d.resolve = resolve; d.reject = reject; });
    d.promise.catch(() => {}); // a rejection nobody awaits is not an error of the page
    return d;
  }

  // ---------------------------------------------------------------- codes

  function toBase64url(bytes) {
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }

  async function pipe(bytes, transform) {
    const stream = new Blob([bytes]).stream().pipeThrough(transform);
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  const utf8 = (bytes) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  const deflate = (text) => pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  const inflate = async (bytes) => utf8(await pipe(bytes, new DecompressionStream("deflate-raw")));

  // A code as pasted: messengers wrap long lines and people copy a sentence around it.
  function cleanCode(text) {
    if (typeof text !== "string") return "";
    const flat = text.replace(/\s+/g, "");
    const found = flat.match(/(?:^|[^A-Za-z0-9_.-])([wrb]1\.[A-Za-z0-9_-]+)/);
    return found ? found[1] : flat;
  }

  function kind(code) {
    const clean = cleanCode(code);
    if (clean.startsWith(PREFIX.invite)) return "webrtc";
    if (clean.startsWith(PREFIX.broadcast)) return "broadcast";
    return null;
  }

  const notACode = () => fail("not-a-code",
    _("This is not a Stripdeck code. Copy the whole code, from the first character to the last."));
  const damaged = () => fail("damaged",
    _("This code is damaged (part of it may be missing): copy the whole code again."));
  const replyNotInvitation = () => fail("reply-not-invitation",
    _("This is a reply code: it goes back to the host. Paste the invitation you were sent."));

  // Decodes a WebRTC code: {type: "invite" | "reply", id, sdp}; throws a plain-words Error.
  async function readRtcCode(text) {
    const code = cleanCode(text);
    if (!code) throw fail("empty-code", _("The code is empty: paste the code you were sent."));
    if (code.length > MAX_CODE_CHARS) throw notACode();
    const type = code.startsWith(PREFIX.invite) ? "invite" : code.startsWith(PREFIX.reply) ? "reply" : null;
    if (code.startsWith(PREFIX.broadcast)) return { type: "broadcast" };
    if (!type) throw notACode();
    let payload;
    try {
      payload = await inflate(fromBase64url(code.slice(PREFIX.invite.length)));
    } catch {
      throw damaged();
    }
    const [head, ...lines] = payload.split("\n");
    const [letter, id] = head.split(" ");
    if (letter !== type[0] || !id || !lines.length) throw damaged();
    return { type, id, sdp: growSdp(lines) };
  }

  async function makeRtcCode(type, id, sdp) {
    const payload = [`${type[0]} ${id}`, ...shrinkSdp(sdp)].join("\n");
    return PREFIX[type] + toBase64url(await deflate(payload));
  }

  // ---------------------------------------------------------------- SDP shrinking

  // Lines every data-channel-only SDP has (or that do not matter without trickle ICE):
  // dropped from codes, and the needed ones put back from SDP_HEAD.
  const SDP_DROP = new RegExp("^(v=|o=|s=|t=|m=|c=|a=group:|a=extmap-allow-mixed|a=msid-semantic|" +
    "a=ice-options|a=end-of-candidates|a=sendrecv)");
  const SDP_HEAD = [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  ];

  // Lines a code leaves out when they say what is assumed anyway (put back when missing).
  const SDP_DEFAULTS = ["a=setup:actpass", "a=mid:0", "a=sctp-port:5000"];

  function shrinkSdp(sdp) {
    const kept = [];
    let count = 0;
    for (const line of sdp.split(/\r?\n/)) {
      if (!line || SDP_DROP.test(line) || SDP_DEFAULTS.includes(line)) continue;
      if (line.startsWith("a=candidate:")) {
        const short = shortCandidate(line, ++count);
        if (short) kept.push(packTokens(short));
        continue;
      }
      kept.push(packTokens(line));
    }
    return kept;
  }

  // Random tokens shrink a third when written as base64url (deflate cannot do that):
  // "a=fingerprint:sha-256 4D:10:..." and the mDNS host names "<uuid>.local" (Chromium).
  const FINGERPRINT = /^(a=fingerprint:\S+ )((?:[0-9A-F]{2}:)+[0-9A-F]{2})$/;
  const MDNS = / ([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local /;
  const hexBytes = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
  const bytesHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

  function packTokens(line) {
    const fp = line.match(FINGERPRINT);
    if (fp) return fp[1] + "~" + toBase64url(hexBytes(fp[2].replace(/:/g, "")));
    const host = line.match(MDNS);
    if (host) return line.replace(host[0], ` ~${toBase64url(hexBytes(host.slice(1).join("")))} `);
    return line;
  }

  function unpackTokens(line) {
    const fp = line.match(/^(a=fingerprint:\S+ )~([A-Za-z0-9_-]+)$/);
    if (fp) return fp[1] + bytesHex(fromBase64url(fp[2])).toUpperCase().match(/../g).join(":");
    const host = line.match(/ ~([A-Za-z0-9_-]{22}) /);
    if (!host) return line;
    const h = bytesHex(fromBase64url(host[1]));
    const uuid = [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
    return line.replace(host[0], ` ${uuid}.local `);
  }

  // "a=candidate:F 1 udp P ADDR PORT typ host generation 0 ..." -> the fields ICE needs,
  // a short foundation, UDP only (TCP candidates rarely help without a TURN server).
  function shortCandidate(line, index) {
    const f = line.slice("a=candidate:".length).split(" ");
    if (f.length < 8 || f[2].toLowerCase() !== "udp" || f[6] !== "typ") return null;
    const keep = [index, f[1], "udp", f[3], f[4], f[5], "typ", f[7]];
    const rest = f.slice(8);
    for (let i = 0; i + 1 < rest.length; i += 2) {
      if (rest[i] === "raddr" || rest[i] === "rport") keep.push(rest[i], rest[i + 1]);
    }
    return "a=candidate:" + keep.join(" ");
  }

  function growSdp(lines) {
    const full = lines.map(unpackTokens);
    const missing = SDP_DEFAULTS.filter((d) => !full.some((l) => l.startsWith(d.split(":")[0] + ":")));
    return [...SDP_HEAD, ...full, ...missing, ""].join("\r\n");
  }

  // ---------------------------------------------------------------- WebRTC pieces

  function newPeer(options) {
    const pc = new RTCPeerConnection({ iceServers: options.iceServers || [] });
    const channel = pc.createDataChannel(LABEL, { negotiated: true, id: 0, ordered: true });
    return { pc, channel };
  }

  // Resolves once ICE gathering is complete (or after GATHER_MAX_MS: use what there is).
  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      const timer = setTimeout(done, GATHER_MAX_MS);
      pc.addEventListener("icegatheringstatechange", check);
      pc.addEventListener("icecandidate", (e) => { if (!e.candidate) done(); });
      function check() { if (pc.iceGatheringState === "complete") done(); }
      function done() {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve();
      }
    });
  }

  // Wires a peer to callbacks: opened(), closed(why), message(text). Each fires at most
  // once (closed after opened, or closed alone when it never opened); `why` is an Error.
  function watchPeer({ pc, channel }, { opened, closed, message }) {
    let state = "connecting";
    const close = (reason) => {
      if (state === "closed") return;
      state = "closed";
      closed(reason);
    };
    channel.onopen = () => { if (state === "connecting") { state = "open"; opened(); } };
    const closedWhy = () => fail("connection-closed", _("The connection failed: it was closed."));
    const failedWhy = () => fail("connection-failed", _("The connection failed."));
    channel.onclose = () => close(closedWhy());
    channel.onmessage = (e) => { if (state === "open" && typeof e.data === "string") message(e.data); };
    pc.onconnectionstatechange = () => {
      const s = pc.connectionState;
      if (s === "failed") close(failedWhy());
      if (s === "closed") close(closedWhy());
    };
    pc.oniceconnectionstatechange = () => {
      const s = pc.iceConnectionState;
      if (s === "failed") close(failedWhy());
      if (s === "closed") close(closedWhy());
      if (s === "disconnected" && state === "open") close(fail("connection-lost", _("The connection was lost.")));
    };
  }

  function shutPeer(peer) {
    if (!peer) return;
    peer.channel.onclose = peer.channel.onmessage = peer.channel.onopen = null;
    peer.pc.onconnectionstatechange = peer.pc.oniceconnectionstatechange = null;
    try { peer.channel.close(); } catch { /* already closed */ }
    try { peer.pc.close(); } catch { /* already closed */ }
  }

  function sendOn(channel, text, notConnected) {
    checkMessage(text);
    if (!channel || channel.readyState !== "open") throw notConnected();
    channel.send(text);
  }

  const seatNotConnected = (seat) => () => fail("not-connected", _("This seat is not connected."), { seat });
  const guestNotConnected = () => fail("not-connected", _("This page is not connected to the host."));

  // ---------------------------------------------------------------- seats (both hosts)

  // The host's bookkeeping shared by both transports: one record per seat,
  // {state, ...transport fields}, and the callbacks fired on changes. `noConnection(seconds)`:
  // the words for a seat that did not connect in time.
  function seatBook(api, options, noConnection) {
    const timeoutS = Number(options.timeout) > 0 ? Number(options.timeout) : OPEN_TIMEOUT_S;
    const seats = new Map();
    const book = {
      seats,
      get: (seat) => seats.get(String(seat)),
      state: (seat) => (book.get(seat) ? book.get(seat).state : "closed"),
      open(rec) {
        if (rec.state === "open" || seats.get(rec.seat) !== rec) return;
        rec.state = "open";
        if (rec.waiter) rec.waiter.resolve();
        rec.waiter = null;
        call(api.onopen, rec.seat);
      },
      // The record stops being open/inviting (`why`: an Error); onclose only if it had opened.
      close(rec, why) {
        const wasOpen = rec.state === "open";
        if (rec.state === "closed") return;
        rec.state = "closed";
        if (rec.waiter) rec.waiter.reject(why);
        rec.waiter = null;
        if (wasOpen) call(api.onclose, rec.seat);
      },
      message(rec, text) {
        if (rec.state !== "open" || seats.get(rec.seat) !== rec) return;
        traced([rec.seat, text]);
        call(api.onmessage, rec.seat, text);
      },
      // accept(): waits for the record to open, at most timeoutS.
      async waitOpen(rec, onTimeout) {
        if (rec.state === "open") return;
        const waiter = rec.waiter || (rec.waiter = deferred());
        const timer = setTimeout(() => {
          waiter.reject(fail("no-connection", noConnection(timeoutS), { seat: rec.seat, seconds: timeoutS }));
          onTimeout();
        }, timeoutS * 1000);
        try { await waiter.promise; } finally { clearTimeout(timer); }
      },
    };
    return book;
  }

  const noInvitation = (seat) => fail("no-invitation", _("This seat has no invitation: invite it first."), { seat });

  // Why an invitation ended before it was answered (`why`: replaced, timed-out, closed).
  function invitationEnded(seat, why) {
    const words = {
      replaced: () => _("This invitation ended: a new invitation replaced it."),
      "timed-out": () => _("This invitation ended: nobody answered it in time."),
      closed: () => _("This invitation ended: the host closed it."),
    };
    return fail("invitation-" + why, words[why](), { seat });
  }

  function seatName(seat) {
    if (typeof seat !== "string" && typeof seat !== "number") throw new TypeError("a seat is a short string");
    const name = String(seat);
    if (!name || name.length > 64) throw new TypeError("a seat is a short string");
    return name;
  }

  // ---------------------------------------------------------------- WebRTC host

  function rtcHost(options) {
    const api = { onopen: null, onclose: null, onmessage: null };
    const book = seatBook(api, options, (seconds) => _("No connection after {seconds} s: the two networks may " +
      "not allow a direct connection. Invite the seat again.", { seconds }));
    const ids = new Map(); // invitation id -> seat; kept after the invitation is gone

    api.state = book.state;

    api.invite = async (seatId) => {
      const seat = seatName(seatId);
      drop(seat, "replaced");
      const rec = { seat, state: "inviting", id: randomText(6), peer: newPeer(options), answered: false };
      book.seats.set(seat, rec);
      ids.set(rec.id, seat);
      watchPeer(rec.peer, {
        opened: () => book.open(rec),
        closed: (why) => {
          why.values = { seat };
          book.close(rec, why);
          shutPeer(rec.peer);
        },
        message: (text) => book.message(rec, text),
      });
      const { pc } = rec.peer;
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      if (book.get(seat) !== rec) {
        throw fail("invitation-gone", _("This invitation was replaced or closed before it was ready."), { seat });
      }
      return { code: await makeRtcCode("invite", rec.id, pc.localDescription.sdp) };
    };

    api.accept = async (seatId, replyCode) => {
      const seat = seatName(seatId);
      const reply = await readRtcCode(replyCode);
      const rec = book.get(seat);
      if (!rec || rec.state === "closed") throw noInvitation(seat);
      if (rec.state === "open") {
        throw fail("already-connected", _("This seat is already connected."), { seat });
      }
      checkReply(rec, reply);
      if (rec.answered || rec.peer.pc.signalingState !== "have-local-offer") {
        throw fail("already-answered", _("This invitation has already been answered."), { seat });
      }
      rec.answered = true;
      try {
        await rec.peer.pc.setRemoteDescription({ type: "answer", sdp: reply.sdp });
      } catch {
        rec.answered = false;
        throw damaged();
      }
      await book.waitOpen(rec, () => drop(seat, "timed-out"));
    };

    function checkReply(rec, reply) {
      const seat = rec.seat;
      if (reply.type === "invite" || reply.type === "broadcast") {
        throw fail("invitation-not-reply", _("This is an invitation code, not a reply. Send it to your friend, " +
          "and paste here the code their page gives back."), { seat });
      }
      if (reply.id === rec.id) return;
      const other = ids.get(reply.id);
      if (other === undefined) {
        throw fail("other-table", _("This reply is for an invitation from another table."), { seat });
      }
      if (other !== seat) {
        throw fail("other-seat", _("This reply is for another seat's invitation: paste it in that seat's box."),
          { seat, other });
      }
      throw fail("older-reply", _("This reply is for an older invitation of this seat: your friend must join " +
        "with the newest invitation."), { seat });
    }

    function drop(seat, why) {
      const rec = book.get(seat);
      if (!rec) return;
      book.seats.delete(seat);
      book.close(rec, invitationEnded(seat, why));
      shutPeer(rec.peer);
    }

    api.send = (seat, text) => {
      const rec = book.get(seat);
      sendOn(rec && rec.state === "open" && rec.peer.channel, text, seatNotConnected(seat));
    };
    api.close = (seat) => drop(String(seat), "closed");
    api.closeAll = () => { for (const seat of [...book.seats.keys()]) api.close(seat); };
    addEventListener("pagehide", api.closeAll);
    return api;
  }

  // ---------------------------------------------------------------- WebRTC guest

  function rtcGuest(options) {
    const api = { onopen: null, onclose: null, onmessage: null };
    let peer = null;
    let state = "closed";

    api.state = () => state;

    api.join = async (code) => {
      const invite = await readRtcCode(code);
      if (invite.type === "reply") throw replyNotInvitation();
      if (invite.type === "broadcast") {
        throw fail("other-tab", _("This invitation is for a table in another tab of the same browser: open it there."));
      }
      api.close();
      const mine = newPeer(options);
      peer = mine;
      state = "joining";
      watchPeer(mine, {
        opened: () => { if (peer === mine) { state = "open"; call(api.onopen); } },
        closed: () => { if (peer === mine) finish(); },
        message: (text) => { if (peer === mine) { traced(text); call(api.onmessage, text); } },
      });
      try {
        await mine.pc.setRemoteDescription({ type: "offer", sdp: invite.sdp });
      } catch {
        api.close();
        throw damaged();
      }
      await mine.pc.setLocalDescription(await mine.pc.createAnswer());
      await gathered(mine.pc);
      if (peer !== mine) throw fail("join-replaced", _("This join was replaced by another one."));
      return makeRtcCode("reply", invite.id, mine.pc.localDescription.sdp);
    };

    function finish() {
      const wasOpen = state === "open";
      shutPeer(peer);
      peer = null;
      state = "closed";
      if (wasOpen) call(api.onclose);
    }

    api.send = (text) => sendOn(peer && peer.channel, text, guestNotConnected);
    api.close = () => { if (peer) finish(); };
    addEventListener("pagehide", api.close);
    return api;
  }

  // ---------------------------------------------------------------- BroadcastChannel

  const channelName = (table) => `stripdeck-net:${table}`;

  function readBroadcastCode(text) {
    const code = cleanCode(text);
    if (code.startsWith(PREFIX.reply)) throw replyNotInvitation();
    if (!code.startsWith(PREFIX.broadcast) || code.length > MAX_CODE_CHARS) throw notACode();
    try {
      const bytes = fromBase64url(code.slice(PREFIX.broadcast.length));
      const [table, seat, secret] = JSON.parse(utf8(bytes));
      if ([table, seat, secret].every((x) => typeof x === "string" && x)) return { table, seat, secret };
    } catch { /* fall through */ }
    throw damaged();
  }

  // Liveness for one link: tick() every BEAT_MS pings, heard() on any frame from the peer.
  function beat(ping, dead) {
    let missed = 0;
    return {
      heard: () => { missed = 0; },
      tick: () => {
        missed += 1;
        if (missed >= BEAT_MISSES) return dead();
        ping();
      },
    };
  }

  function broadcastHost(options) {
    const table = String(options.broadcast);
    const api = { onopen: null, onclose: null, onmessage: null };
    const book = seatBook(api, options, (seconds) => _("No connection after {seconds} s: the invitation was " +
      "not opened in another tab of this browser.", { seconds }));
    const bc = new BroadcastChannel(channelName(table));
    const post = (rec, type, to, text) =>
      bc.postMessage({ type, to, from: "host", seat: rec.seat, secret: rec.secret, text });

    api.state = book.state;

    api.invite = async (seatId) => {
      const seat = seatName(seatId);
      drop(seat, "replaced");
      const rec = { seat, state: "inviting", secret: randomText(12), guest: null, link: null };
      book.seats.set(seat, rec);
      const payload = new TextEncoder().encode(JSON.stringify([table, seat, rec.secret]));
      return { code: PREFIX.broadcast + toBase64url(payload) };
    };

    // No reply is needed here: resolves when the seat's tab has joined.
    api.accept = async (seatId) => {
      const seat = seatName(seatId);
      const rec = book.get(seat);
      if (!rec) throw noInvitation(seat);
      await book.waitOpen(rec, () => {});
    };

    bc.onmessage = ({ data: f }) => {
      if (!f || f.to !== "host" || typeof f.seat !== "string") return;
      const rec = book.get(f.seat);
      if (!rec || f.secret !== rec.secret || typeof f.from !== "string") return;
      if (f.type === "hello") return hello(rec, f.from);
      if (f.from !== rec.guest) return; // an old tab of a seat taken over
      if (rec.link) rec.link.heard();
      if (f.type === "ping") post(rec, "pong", rec.guest);
      else if (f.type === "msg" && typeof f.text === "string") book.message(rec, f.text);
      else if (f.type === "bye") book.close(rec, fail("left", _("The guest left."), { seat: rec.seat }));
    };

    function hello(rec, from) {
      if (rec.state === "open" && rec.guest === from) return post(rec, "welcome", from);
      if (rec.state === "open") {
        post(rec, "bye", rec.guest); // the old tab: its seat was taken over
        book.close(rec, fail("taken-over", _("Another tab took this seat over."), { seat: rec.seat }));
      }
      rec.guest = from;
      rec.link = beat(() => post(rec, "ping", from), () => {
        post(rec, "bye", from);
        book.close(rec, fail("stopped", _("The guest's tab stopped answering."), { seat: rec.seat }));
      });
      rec.state = "inviting"; // closed -> inviting -> open, so open() fires onopen
      post(rec, "welcome", from);
      book.open(rec);
    }

    function drop(seat, why) {
      const rec = book.get(seat);
      if (!rec) return;
      if (rec.state === "open") post(rec, "bye", rec.guest);
      book.seats.delete(seat);
      book.close(rec, invitationEnded(seat, why));
    }

    const timer = setInterval(() => {
      for (const rec of book.seats.values()) if (rec.state === "open") rec.link.tick();
    }, BEAT_MS);

    api.send = (seat, text) => {
      const rec = book.get(seat);
      checkMessage(text);
      if (!rec || rec.state !== "open") throw seatNotConnected(seat)();
      post(rec, "msg", rec.guest, text);
    };
    api.close = (seat) => drop(String(seat), "closed");
    api.closeAll = () => { for (const seat of [...book.seats.keys()]) api.close(seat); };
    api.destroy = () => { api.closeAll(); clearInterval(timer); bc.close(); };
    addEventListener("pagehide", api.closeAll);
    return api;
  }

  function broadcastGuest() {
    const api = { onopen: null, onclose: null, onmessage: null };
    let link = null; // {bc, invite, id, state, timer, beat}

    api.state = () => (link ? link.state : "closed");

    api.join = async (code) => {
      const invite = readBroadcastCode(code);
      api.close();
      const bc = new BroadcastChannel(channelName(invite.table));
      const me = { invite, id: randomText(9), state: "joining", bc };
      link = me;
      const post = (type, text) => me.bc.postMessage({
        type, to: "host", from: me.id, seat: invite.seat, secret: invite.secret, text,
      });
      me.post = post;
      me.beat = beat(() => post("ping"), () => end(me, true));
      me.bc.onmessage = ({ data: f }) => receive(me, f);
      me.timer = setInterval(() => (me.state === "open" ? me.beat.tick() : post("hello")), BEAT_MS);
      post("hello");
      return null;
    };

    function receive(me, f) {
      if (!f || f.to !== me.id || f.from !== "host" || f.secret !== me.invite.secret) return;
      me.beat.heard();
      if (f.type === "welcome" && me.state === "joining") {
        me.state = "open";
        call(api.onopen);
      } else if (f.type === "ping") {
        me.post("pong");
      } else if (f.type === "msg" && me.state === "open" && typeof f.text === "string") {
        traced(f.text);
        call(api.onmessage, f.text);
      } else if (f.type === "bye") {
        end(me, false);
      }
    }

    function end(me, sayBye) {
      if (link !== me) return;
      const wasOpen = me.state === "open";
      if (sayBye) me.post("bye");
      clearInterval(me.timer);
      me.bc.close();
      me.state = "closed";
      link = null;
      if (wasOpen) call(api.onclose);
    }

    api.send = (text) => {
      checkMessage(text);
      if (!link || link.state !== "open") throw guestNotConnected();
      link.post("msg", text);
    };
    api.close = () => { if (link) end(link, true); };
    addEventListener("pagehide", api.close);
    return api;
  }

  // ---------------------------------------------------------------- entry points

  NS.kind = kind;
  NS.host = (options = {}) =>
    (options.broadcast != null ? broadcastHost(options) : rtcHost(options));
  NS.guest = (options = {}) => (options.broadcast ? broadcastGuest() : autoGuest(options));

  // A guest picks its transport from the invitation it joins with.
  function autoGuest(options) {
    const api = { onopen: null, onclose: null, onmessage: null };
    let inner = null;
    const wire = (g) => {
      g.onopen = () => call(api.onopen);
      g.onclose = () => call(api.onclose);
      g.onmessage = (text) => call(api.onmessage, text);
      return g;
    };
    api.join = async (code) => {
      const wanted = kind(code) === "broadcast" ? "broadcast" : "webrtc";
      if (!inner || inner.kind !== wanted) {
        if (inner) inner.close();
        inner = wire(wanted === "broadcast" ? broadcastGuest() : rtcGuest(options));
        inner.kind = wanted;
      }
      return inner.join(code);
    };
    api.send = (text) => {
      if (!inner) throw guestNotConnected();
      inner.send(text);
    };
    api.close = () => { if (inner) inner.close(); };
    api.state = () => (inner ? inner.state() : "closed");
    return api;
  }

  window.StripdeckNet = NS;
})();
