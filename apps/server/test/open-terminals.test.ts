// The machinery both browser terminals share (platform/terminal/open-terminals.ts), with a socket
// and a shell of the test's own (no SSH, no database) and the fake clock: keystrokes typed before
// the shell opened reach it once it does; sizes follow; the terminal ends after the idle timeout,
// when its session is no longer live, or when the shell exits — each with its close code and
// message, after the caller's end hook has settled; maintenance ends every terminal (at once when
// it begins on this instance, at the next check when another instance began it, and a shell opened
// meanwhile as soon as it starts); a browser that left while the shell was being opened gets
// nothing piped, and the shell is closed.
import type { MaintenanceState, TerminalEndReason } from "@skyledger/contracts";
import { describe, expect, it } from "vitest";
import {
  createOpenTerminals,
  type TerminalEnding,
  type TerminalSocket,
} from "../src/platform/terminal/open-terminals";
import type { TerminalShell } from "../src/platform/terminal/ssh-shell";
import { FakeClock } from "./support/fake-clock";

function fakeSocket() {
  const sent: { type: string; data?: string; reason?: TerminalEndReason; message?: string }[] = [];
  const listeners: { message: ((d: string) => void)[]; close: (() => void)[] } = { message: [], close: [] };
  let closedWith: number | null = null;
  const socket: TerminalSocket = {
    send: (data) => sent.push(JSON.parse(data)),
    close: (code) => {
      closedWith = code ?? 1000;
    },
    on: ((event: "message" | "close", listener: never) => {
      listeners[event].push(listener);
    }) as TerminalSocket["on"],
  };
  return {
    socket,
    sent,
    closedWith: () => closedWith,
    type: (data: string) => {
      for (const l of listeners.message) l(JSON.stringify({ type: "input", data }));
    },
    resize: (cols: number, rows: number) => {
      for (const l of listeners.message) l(JSON.stringify({ type: "resize", cols, rows }));
    },
    leave: () => {
      for (const l of listeners.close) l();
    },
  };
}

function fakeShell() {
  const written: string[] = [];
  const sizes: [number, number][] = [];
  const onClose: (() => void)[] = [];
  let onData: (d: string) => void = () => {};
  let closed = false;
  const shell: TerminalShell = {
    write: (d) => written.push(d),
    resize: (cols, rows) => sizes.push([cols, rows]),
    onData: (l) => {
      onData = l;
    },
    onClose: (l) => onClose.push(l),
    close: () => {
      closed = true;
    },
  };
  return {
    shell,
    written,
    sizes,
    closed: () => closed,
    print: (d: string) => onData(d),
    exit: () => {
      for (const l of onClose) l();
    },
  };
}

const texts = {
  idle: (m: number) => `idle ${m}`,
  sessionEnded: () => "session ended",
  shellExited: () => "shell exited",
  maintenance: (state: MaintenanceState) => `maintenance ${state.mode}: ${state.messageEn}`,
};

const OFF: MaintenanceState = { mode: "off", messageZh: "", messageEn: "", endsAt: null };

/** The maintenance state the terminals read, and the change this instance announces. */
function fakeMaintenance() {
  let state = OFF;
  const listeners: ((s: MaintenanceState) => void)[] = [];
  return {
    maintenance: {
      current: async () => state,
      onChange: (l: (s: MaintenanceState) => void) => void listeners.push(l),
    },
    /** Another instance's change: only the state read at the next check shows it. */
    setElsewhere: (next: MaintenanceState) => {
      state = next;
    },
    /** This instance's change: its listeners hear at once. */
    set: (next: MaintenanceState) => {
      state = next;
      for (const l of listeners) l(next);
    },
  };
}

function setUp(live = new Set(["s1"])) {
  const clock = new FakeClock();
  const platform = fakeMaintenance();
  const terminals = createOpenTerminals({
    clock,
    sessions: { isLive: async (id) => live.has(id), onSessionEnded: () => undefined },
    maintenance: platform.maintenance,
    idleMinutes: 30,
    checkMs: 3_600_000,
  });
  return { clock, terminals, live, platform };
}

/** Lets the promise chains of an ending (the end hook, then the socket's close) run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("open terminals", () => {
  it("holds what was typed before the shell opened, then pipes both ways with sizes", async () => {
    const { terminals } = setUp();
    const s = fakeSocket();
    const pending = terminals.accept(s.socket, { cols: 100, rows: 30 });
    s.type("ls\n");
    s.resize(120, 40);
    expect(pending.size()).toEqual({ cols: 120, rows: 40 });
    const sh = fakeShell();
    pending.start({
      userId: "u",
      sessionId: "s1",
      shell: sh.shell,
      connected: { user: "root", host: "h:22" },
      texts,
    });
    expect(s.sent[0]).toEqual({ type: "connected", user: "root", host: "h:22" });
    expect(sh.written).toEqual(["ls\n"]);
    sh.print("file\n");
    s.type("pwd\n");
    s.resize(80, 24);
    expect(s.sent.at(-1)).toEqual({ type: "output", data: "file\n" });
    expect(sh.written).toEqual(["ls\n", "pwd\n"]);
    expect(sh.sizes).toEqual([[80, 24]]);
    terminals.stop();
  });

  it("ends an idle terminal after the timeout, once the end hook has settled", async () => {
    const { clock, terminals } = setUp();
    const s = fakeSocket();
    const sh = fakeShell();
    const ended: TerminalEnding[] = [];
    let release: () => void = () => {};
    const hook = new Promise<void>((resolve) => {
      release = resolve;
    });
    terminals.accept(s.socket, {}).start({
      userId: "u",
      sessionId: "s1",
      shell: sh.shell,
      connected: { user: "root", host: "h" },
      texts,
      onEnded: (reason) => {
        ended.push(reason);
        return hook;
      },
    });
    clock.advance(29 * 60_000);
    await terminals.check();
    expect(s.closedWith()).toBeNull();
    clock.advance(2 * 60_000);
    await terminals.check();
    expect(ended).toEqual(["idle"]);
    expect(sh.closed()).toBe(true);
    await settle();
    // The socket waits for the hook (the caller's audit row) before it says why and closes.
    expect(s.closedWith()).toBeNull();
    release();
    await settle();
    expect(s.sent.at(-1)).toEqual({ type: "ended", reason: "idle", message: "idle 30" });
    expect(s.closedWith()).toBe(4004);
  });

  it("ends when the session is no longer live, and when the shell exits", async () => {
    const { terminals, live } = setUp(new Set(["s1", "s2"]));
    const a = fakeSocket();
    const b = fakeSocket();
    const shA = fakeShell();
    const shB = fakeShell();
    const endedB: TerminalEnding[] = [];
    terminals
      .accept(a.socket, {})
      .start({ userId: "u", sessionId: "s1", shell: shA.shell, connected: { user: "x", host: "h" }, texts });
    terminals.accept(b.socket, {}).start({
      userId: "v",
      sessionId: "s2",
      shell: shB.shell,
      connected: { user: "y", host: "h" },
      texts,
      onEnded: (r) => void endedB.push(r),
    });
    live.delete("s1");
    await terminals.check();
    await settle();
    expect(a.closedWith()).toBe(4003);
    expect(a.sent.at(-1)).toMatchObject({ reason: "sessionEnded", message: "session ended" });
    expect(b.closedWith()).toBeNull();
    shB.exit();
    await settle();
    expect(endedB).toEqual(["shellExited"]);
    expect(b.closedWith()).toBe(1000);
    // Ended terminals are no longer checked: nothing ends twice.
    live.delete("s2");
    await terminals.check();
    expect(endedB).toEqual(["shellExited"]);
  });

  it("ends every terminal when maintenance begins, whichever instance began it, and one opened during it", async () => {
    const { terminals, platform } = setUp(new Set(["s1", "s2"]));
    const open = (sessionId: string) => {
      const s = fakeSocket();
      const sh = fakeShell();
      const ended: TerminalEnding[] = [];
      terminals.accept(s.socket, {}).start({
        userId: sessionId,
        sessionId,
        shell: sh.shell,
        connected: { user: "x", host: "h" },
        texts,
        onEnded: (r) => void ended.push(r),
      });
      return { s, sh, ended };
    };
    const a = open("s1");
    const b = open("s2");
    await settle();
    const closed = { mode: "closed", messageZh: "升级", messageEn: "upgrade", endsAt: null } as const;
    platform.setElsewhere(closed);
    // Not yet checked: another instance's change shows at the next check.
    expect(a.s.closedWith()).toBeNull();
    await terminals.check();
    await settle();
    for (const t of [a, b]) {
      expect(t.sh.closed()).toBe(true);
      expect(t.ended).toEqual(["maintenance"]);
      expect(t.s.closedWith()).toBe(4005);
      expect(t.s.sent.at(-1)).toEqual({
        type: "ended",
        reason: "maintenance",
        message: "maintenance closed: upgrade",
      });
    }
    // A ticket minted before maintenance: its shell ends as soon as it starts.
    const late = open("s1");
    await settle();
    expect(late.ended).toEqual(["maintenance"]);
    expect(late.s.closedWith()).toBe(4005);

    // Back to normal, then read-only on this instance: ended at once, no check needed.
    platform.set(OFF);
    const c = open("s2");
    await settle();
    expect(c.s.closedWith()).toBeNull();
    platform.set({ ...closed, mode: "readOnly" });
    await settle();
    expect(c.s.sent.at(-1)).toMatchObject({
      reason: "maintenance",
      message: "maintenance readOnly: upgrade",
    });
    expect(c.s.closedWith()).toBe(4005);
    terminals.stop();
  });

  it("closes a shell opened after the browser left, and reports a browser that closes as disconnected", async () => {
    const { terminals } = setUp();
    const early = fakeSocket();
    const pending = terminals.accept(early.socket, {});
    early.leave();
    expect(pending.gone()).toBe(true);
    const sh = fakeShell();
    pending.start({
      userId: "u",
      sessionId: "s1",
      shell: sh.shell,
      connected: { user: "x", host: "h" },
      texts,
    });
    expect(sh.closed()).toBe(true);
    expect(early.sent).toEqual([]);

    const later = fakeSocket();
    const sh2 = fakeShell();
    const ended: TerminalEnding[] = [];
    terminals.accept(later.socket, {}).start({
      userId: "u",
      sessionId: "s1",
      shell: sh2.shell,
      connected: { user: "x", host: "h" },
      texts,
      onEnded: (r) => void ended.push(r),
    });
    later.leave();
    await settle();
    expect(ended).toEqual(["disconnected"]);
    expect(sh2.closed()).toBe(true);
  });
});
