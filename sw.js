// Stripdeck's service worker: the game opens and plays with the network off after one visit,
// and a new release replaces the cached files cleanly (docs/ui.md, "Offline and updates").
//
// build.py (tools/offline.py) fills in VERSION (a hash of the game's built files) and FILES
// (every file the game needs, with its SHA-256 in Subresource Integrity form). One cache per
// version, "stripdeck-<VERSION>", is filled completely (every file checked against its hash,
// so a half-published release is refused) before this version can take over.
//
// A page never mixes versions: the page's navigation is answered from one version's cache and
// every later request from that page (its "client") is answered from the same cache, also
// after a newer worker has taken over. A version's cache is deleted only when no page of it
// is left. A newer worker waits until the page asks it to take over (the page offers a
// reload) or until every page of the old version is closed.

const VERSION = "";
const FILES = {};
const PREFIX = "stripdeck-";
const CACHE = PREFIX + VERSION;
const CLIENTS = PREFIX + "clients"; // client id -> the version that client's page was served from
// The game's pages, whatever their query: index.html, and index.<code>.html in each other language.
const pageOf = (path) => (path === "" ? "index.html" : /^index(\.[a-z]+)?\.html$/.test(path) ? path : null);

const scope = () => self.registration.scope;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const missing = [];
    for (const path of Object.keys(FILES)) if (!(await cache.match(scope() + path))) missing.push(path);
    // Revalidate against the server (a 304 reuses the HTTP cache's copy) and check each file's hash.
    await Promise.all(missing.map(async (path) => {
      const response = await fetch(scope() + path, { cache: "no-cache", integrity: FILES[path] });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(scope() + path, response);
    }));
  })().catch(async (err) => {
    await caches.delete(CACHE); // nothing half-done is kept; the old version carries on
    throw err;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(prune());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "stripdeck:take-over") self.skipWaiting();
  if (event.data?.type === "stripdeck:version") event.source?.postMessage({ type: "stripdeck:version", version: VERSION });
});

/** Delete the caches of versions no open page uses any more: never this worker's own, and
 * nothing while a newer worker is installing or waiting (its cache is being filled). */
async function prune() {
  if (self.registration.installing || self.registration.waiting) return;
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  const book = await caches.open(CLIENTS);
  const keep = new Set([CACHE, CLIENTS]);
  for (const request of await book.keys()) {
    const id = new URL(request.url).searchParams.get("id");
    if (open.has(id)) keep.add(PREFIX + (await (await book.match(request)).text()));
    else await book.delete(request);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
  }
}

const bookKey = (id) => `${scope()}__stripdeck_client__?id=${encodeURIComponent(id)}`;

async function versionOf(clientId) {
  if (!clientId) return VERSION;
  const found = await (await caches.open(CLIENTS)).match(bookKey(clientId));
  return found ? found.text() : VERSION;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope())) return; // the network, as usual
  const path = new URL(request.url).pathname.slice(new URL(scope()).pathname.length);
  if (request.mode === "navigate") {
    const page = pageOf(path);
    if (!page || !Object.hasOwn(FILES, page)) return;
    event.respondWith((async () => {
      const response = await caches.match(scope() + page, { cacheName: CACHE });
      if (!response) return fetch(request);
      const id = event.resultingClientId;
      if (id) event.waitUntil(caches.open(CLIENTS).then((book) => book.put(bookKey(id), new Response(VERSION))));
      event.waitUntil(prune());
      return response;
    })());
    return;
  }
  event.respondWith((async () => {
    const version = await versionOf(event.clientId);
    // The page's worker (web/worker/boot.mjs) is a client of its own: its requests are answered
    // from its page's version too.
    const id = request.destination === "worker" ? event.resultingClientId : "";
    if (id) event.waitUntil(caches.open(CLIENTS).then((book) => book.put(bookKey(id), new Response(version))));
    return (await caches.match(request.url, { cacheName: PREFIX + version })) ?? fetch(request);
  })());
});
