// The local login host of scripts/sshd/start.sh as the tests reach it, shared by the server's
// terminal tests (apps/server/test) and the browser's (e2e): its state directory, the fingerprint an
// operator compares, and what an operator does there for a member — the Unix user and the cluster's
// public key in that user's authorized keys. Needs root (useradd), as sshd itself does.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const here = import.meta.dirname;
/** The address start.sh listens on (SSHD_PORT changes the port, as it does for start.sh). */
export const LOGIN_HOST = `127.0.0.1:${process.env.SSHD_PORT ?? "2222"}`;

/** The sshd's state directory: SSHD_STATE_DIR or `.sshd/` at the repository root, as start.sh has it. */
export const loginHostDir = (): string => process.env.SSHD_STATE_DIR ?? path.resolve(here, "../../.sshd");

/** Whether the sshd of start.sh runs: its pid file names a live process. */
export function loginHostRunning(dir = loginHostDir()): boolean {
  const pidFile = path.join(dir, "sshd.pid");
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, "utf8").trim()), 0);
    return true;
  } catch {
    return false;
  }
}

/** The state directory of a running login host; throws with what to start when it is not running. */
export function requireLoginHost(): string {
  const dir = loginHostDir();
  if (!loginHostRunning(dir))
    throw new Error("the login host is not running: bash scripts/sshd/start.sh (as root)");
  return dir;
}

/** Starts the login host unless it runs (start.sh leaves a running one alone) and returns its directory. */
export function startLoginHost(): string {
  if (!loginHostRunning()) execFileSync("bash", [path.join(here, "start.sh")], { stdio: "ignore" });
  return requireLoginHost();
}

/** What `ssh-keygen -lf` says of the login host's key: the fingerprint an operator checks. */
export const loginHostFingerprint = (dir = loginHostDir()): string =>
  execFileSync("ssh-keygen", ["-lf", path.join(dir, "ssh_host_ed25519_key.pub")], { encoding: "utf8" }).split(
    " ",
  )[1]!;

/** A member's Unix user on the login host, as `addLoginUser` left it, for `removeLoginUser`. */
export type LoginUser = { dir: string; user: string; created: boolean };

/**
 * What the operator does on the login host for a member: their Unix user (password "*": no
 * password, not locked, which sshd without PAM requires) and `publicKey` in its authorized keys. A
 * user left by an interrupted run is reused (names follow the organisation's id) and then kept.
 */
export function addLoginUser(dir: string, user: string, publicKey: string): LoginUser {
  let created = false;
  try {
    execFileSync("id", [user], { stdio: "ignore" });
  } catch {
    execFileSync("useradd", ["-m", "-p", "*", "-s", "/bin/bash", user]);
    created = true;
  }
  mkdirSync(path.join(dir, "authorized_keys"), { recursive: true });
  writeFileSync(path.join(dir, "authorized_keys", user), `${publicKey.trim()}\n`);
  return { dir, user, created };
}

/** Takes the key away, and the Unix user when `addLoginUser` made it. */
export function removeLoginUser(login: LoginUser): void {
  rmSync(path.join(login.dir, "authorized_keys", login.user), { force: true });
  if (login.created) execFileSync("userdel", ["-r", "-f", login.user], { stdio: "ignore" });
}

/** Gives a user of `addLoginUser` a password (remote login to a host with a password, /webssh). */
export function setLoginPassword(user: string, password: string): void {
  execFileSync("chpasswd", [], { input: `${user}:${password}\n` });
}
