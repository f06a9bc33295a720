import { describe, expect, it } from "vitest";
import { instanceOf, type NovaServer, stateOf } from "../../src/providers/compute/nova-server";

const server = (status: string, task: string | null = null): NovaServer => ({
  id: "s",
  status,
  created: "2026-11-28T10:00:00Z",
  "OS-EXT-STS:task_state": task,
});

describe("Nova's server status as the provider's state", () => {
  it("maps each status Skyledger starts or waits for", () => {
    expect(
      [
        "BUILD",
        "ACTIVE",
        "SHUTOFF",
        "REBOOT",
        "HARD_REBOOT",
        "REBUILD",
        "RESIZE",
        "VERIFY_RESIZE",
        "DELETED",
      ].map((status) => stateOf(server(status))),
    ).toEqual([
      "creating",
      "running",
      "stopped",
      "rebooting",
      "rebooting",
      "rebuilding",
      "resizing",
      "resizing",
      "deleted",
    ]);
  });

  it("reads a stop or start in flight from the task state, while the status has not moved yet", () => {
    expect(stateOf(server("ACTIVE", "powering-off"))).toBe("stopping");
    expect(stateOf(server("SHUTOFF", "powering-on"))).toBe("starting");
    expect(stateOf(server("ACTIVE", "deleting"))).toBe("deleting");
    expect(stateOf(server("ACTIVE", "resize_prep"))).toBe("resizing");
    // A task Skyledger never starts (a snapshot) leaves the status as it is.
    expect(stateOf(server("ACTIVE", "image_snapshot"))).toBe("running");
  });

  it("reports an ERROR server with Nova's fault, and a state made outside Skyledger as an error", () => {
    const failed = { ...server("ERROR", "spawning"), fault: { message: "No valid host was found. " } };
    expect(instanceOf("nova:p:s", failed)).toEqual({
      ref: "nova:p:s",
      kind: "host",
      state: "error",
      error: "No valid host was found. ",
    });
    expect(instanceOf("nova:p:s", server("SHELVED_OFFLOADED"))).toMatchObject({
      state: "error",
      error: "Nova reports the server SHELVED_OFFLOADED (no fault recorded)",
    });
  });

  it("gives the server's IPv4 address once Nova knows it", () => {
    const running = {
      ...server("ACTIVE"),
      addresses: {
        net: [
          { addr: "fd00::5", version: 6 },
          { addr: "10.1.2.3", version: 4 },
        ],
      },
    };
    expect(instanceOf("nova:p:s", running)).toMatchObject({ state: "running", address: "10.1.2.3" });
    expect(instanceOf("nova:p:s", server("BUILD"))).not.toHaveProperty("address");
  });
});
