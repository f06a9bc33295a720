// The lines of Swift's access log that count as a bucket's requests (access-log.ts), as the proxy
// writes them (taken from .openstack/log/swift-proxy.stderr of the loopback cloud).
import { describe, expect, it } from "vitest";
import { parseAccessLogLine } from "../../src/providers/objectstore/access-log";

const line = (path: string, status = "200", source = "-") =>
  `<134>swift-access: 127.0.0.1 127.0.0.1 29/Nov/2026/00/25/00 GET ${path} HTTP/1.0 ${status} - aws-sdk-js/3.1168.0 - - 2882 - txf9ad0a3ebadd4c91bf581-006b0b70dc - 0.6789 ${source} - 1795911900.210784674 1795911900.889 -\0`;

describe("access log lines", () => {
  it("names the bucket of a path-style S3 request and when it started", () => {
    expect(parseAccessLogLine(line("/photos-2026/cats/tom.jpg"))).toEqual({
      bucket: "photos-2026",
      at: new Date(1795911900211),
    });
    // The query is part of the quoted path.
    expect(parseAccessLogLine(line("/photos-2026%3Flist-type%3D2%26prefix%3D"))?.bucket).toBe("photos-2026");
  });

  it("names the container of a request to Swift's own API", () => {
    expect(parseAccessLogLine(line("/v1/AUTH_0123abcd/photos-2026/tom.jpg"))?.bucket).toBe("photos-2026");
  });

  it("leaves out what is not a tenant's use of a bucket", () => {
    expect(parseAccessLogLine(line("/%3Fx-id%3DListBuckets"))).toBeNull();
    expect(parseAccessLogLine(line("/v1/AUTH_0123abcd"))).toBeNull();
    expect(parseAccessLogLine(line("/healthcheck"))).toBeNull();
    expect(parseAccessLogLine(line("/photos-2026/x", "403"))).toBeNull();
    expect(parseAccessLogLine(line("/photos-2026/x", "401"))).toBeNull();
    expect(parseAccessLogLine(line("/photos-2026/x", "200", "S3"))).toBeNull();
    expect(parseAccessLogLine("<134>swift-proxy: Started child 23858")).toBeNull();
    expect(parseAccessLogLine(line("/%E0%A4%A"))).toBeNull();
  });

  it("counts a request the store answered with an error that is not about signing", () => {
    expect(parseAccessLogLine(line("/photos-2026/missing", "404"))?.bucket).toBe("photos-2026");
  });
});
