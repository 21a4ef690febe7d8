// Cross-origin isolation from a service worker (bench/worker_candidates/d_sab_worker), for a host
// that cannot set headers: every response to the pages it controls gets COOP/COEP, so the page
// is crossOriginIsolated and SharedArrayBuffer exists. It only takes effect once the page is
// controlled: a first visit registers it and reloads once.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  event.respondWith(fetch(request).then((response) => {
    if (response.status === 0) return response;
    const headers = new Headers(response.headers);
    headers.set("Cross-Origin-Embedder-Policy", "require-corp");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Cross-Origin-Resource-Policy", "same-origin");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }));
});
