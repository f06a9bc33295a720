// A fetch-shaped request through XMLHttpRequest, for uploads whose progress is shown: fetch reports
// no upload progress. The answer becomes a Response so that the API client reads it like any other.

/** Bytes of the body sent so far, and its size. */
export type UploadProgress = (sent: number, total: number) => void;

export type XhrInit = {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array;
  signal: AbortSignal;
  credentials?: RequestCredentials;
};

// Statuses whose Response may not carry a body.
const NO_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Sends `init.body` to `url`, reporting upload progress; rejects like fetch on a network failure or abort. */
export function xhrSend(url: string, init: XhrInit, onProgress: UploadProgress): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.withCredentials = init.credentials === "include";
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const body = NO_BODY.has(xhr.status) ? null : xhr.responseText;
      resolve(
        new Response(body, { status: xhr.status, headers: responseHeaders(xhr.getAllResponseHeaders()) }),
      );
    };
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    if (init.signal.aborted) {
      reject(new DOMException("Aborted", "AbortError"));
      return;
    }
    init.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}
