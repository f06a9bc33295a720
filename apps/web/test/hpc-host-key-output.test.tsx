// The login host's key on the operator's /mgt/hpc (decision 0012) and job output read over SFTP
// (issue 14), against a fake API, in both languages: a cluster whose login host key is not recorded
// says so in its row and its detail, and "fetch the login host's key" asks the server to record
// the key the host shows; a pasted fingerprint is checked before it is sent. A job's output drawer
// says when only the output's end is shown, and why the file could not be read.
import { buildMenus, type HpcCluster, type HpcJobOutput } from "@skyledger/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { queryClient } from "../src/app/query-client";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { OutputDrawer } from "../src/pages/hpc/console/output-drawer";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { fakeServer, makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

const FINGERPRINT = "SHA256:rEXhwQQJNNtlj/1vBYwcM4aRoUt9gDXxeAGY8rbHojc";

const cluster: HpcCluster = {
  id: "c-1",
  name: "Lab cluster",
  backend: "slurm",
  simulated: false,
  restUrl: "http://slurm.example:6820",
  secretKind: "signingKey",
  adminUser: "slurm",
  parentAccount: "skyledger",
  clusterName: "lab",
  loginHost: "login.example:2222",
  sshPublicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA skyledger-lab",
  sshHostKeyFingerprint: null,
  sshHostKeyRecordedAt: null,
  disabledAt: null,
  poolCount: 1,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
  health: {
    controller: true,
    accounting: true,
    partitions: [],
    nodes: 1,
    cpus: 8,
    gpus: 0,
    queueLength: 0,
    error: null,
    checkedAt: "2026-11-27T10:00:00Z",
  },
};

const operator = makeUser({
  account: "ops",
  currentOrg: null,
  roleType: "platformAdmin",
  moduleType: "sys",
  permissions: ["BA10"],
  menus: buildMenus(["BA10"], "platform"),
  routes: ["/mgt/hpc"],
});

async function openClusterRow() {
  const row = await screen.findByTestId("hpc-cluster-row-c-1", {}, WAIT);
  fireEvent.click(row.querySelector(".ant-table-row-expand-icon")!);
  return row;
}

describe("the login host's key on the operator's page", () => {
  it("shows a missing key and records the one the host shows when asked", async () => {
    let stored = cluster;
    const server = renderApp(
      "/mgt/hpc",
      {
        "GET /ops/hpc/clusters": () => page([stored]),
        "POST /ops/hpc/clusters/c-1/host_key": () => {
          stored = {
            ...cluster,
            sshHostKeyFingerprint: FINGERPRINT,
            sshHostKeyRecordedAt: "2026-11-27T10:05:00Z",
          };
          return { data: stored };
        },
      },
      { user: operator },
    );
    const row = await openClusterRow();
    const tag = within(row).getByTestId("hpc-cluster-c-1-host-key");
    expect(tag.getAttribute("data-recorded")).toBe("false");
    expect(tag.textContent).toBe("Not recorded");
    expect((await screen.findByTestId("hpc-cluster-host-key-missing-c-1", {}, WAIT)).textContent).toContain(
      "the terminal and job output will not connect to it until it is",
    );
    fireEvent.click(screen.getByTestId("hpc-cluster-host-key-fetch-c-1"));
    expect(await screen.findByText("Record the key login.example:2222 shows now?", {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId("hpc-cluster-host-key-fetch-ok-c-1"));
    await waitFor(
      () => expect(callsTo(server, "POST", "/ops/hpc/clusters/c-1/host_key")).toHaveLength(1),
      WAIT,
    );
    expect(callsTo(server, "POST", "/ops/hpc/clusters/c-1/host_key")[0]!.body).toEqual({ fingerprint: null });
    expect(
      (await screen.findByTestId("hpc-cluster-host-key-fingerprint-c-1", {}, WAIT)).textContent,
    ).toContain(FINGERPRINT);
    await waitFor(() =>
      expect(screen.getByTestId("hpc-cluster-c-1-host-key").getAttribute("data-recorded")).toBe("true"),
    );
  });

  it("checks a pasted fingerprint before sending it, in Chinese", async () => {
    await setLanguage("zh-CN");
    try {
      const server = renderApp(
        "/mgt/hpc",
        {
          "GET /ops/hpc/clusters": () => page([cluster]),
          "POST /ops/hpc/clusters/c-1/host_key": ({ body }) => ({
            data: { ...cluster, sshHostKeyFingerprint: (body as { fingerprint: string }).fingerprint },
          }),
        },
        { user: operator },
      );
      const row = await openClusterRow();
      expect(within(row).getByTestId("hpc-cluster-c-1-host-key").textContent).toBe("未登记");
      fireEvent.click(await screen.findByTestId("hpc-cluster-host-key-paste-c-1", {}, WAIT));
      const input = await screen.findByTestId("hpc-host-key-input", {}, WAIT);
      fireEvent.change(input, { target: { value: "MD5:16:27:ac" } });
      fireEvent.click(screen.getByTestId("hpc-host-key-submit"));
      expect(await screen.findByText(/主机密钥指纹格式为SHA256:后接43个Base64字符/, {}, WAIT)).toBeTruthy();
      expect(callsTo(server, "POST", "/ops/hpc/clusters/c-1/host_key")).toHaveLength(0);
      fireEvent.change(input, { target: { value: FINGERPRINT } });
      fireEvent.click(screen.getByTestId("hpc-host-key-submit"));
      await waitFor(
        () => expect(callsTo(server, "POST", "/ops/hpc/clusters/c-1/host_key")).toHaveLength(1),
        WAIT,
      );
      expect(callsTo(server, "POST", "/ops/hpc/clusters/c-1/host_key")[0]!.body).toEqual({
        fingerprint: FINGERPRINT,
      });
    } finally {
      await setLanguage("en-US");
    }
  });
});

function renderOutput(output: HpcJobOutput) {
  const server = fakeServer({ "GET /hpc/console/pools/pool-1/jobs/7/output": () => ({ data: output }) });
  api.configure({ fetch: server.fetch as unknown as typeof fetch, cookie: () => "xsrf-test" });
  render(
    <QueryClientProvider client={queryClient}>
      <OutputDrawer poolId="pool-1" jobId="7" onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

const output: HpcJobOutput = {
  jobId: "7",
  state: "completed",
  available: true,
  text: "row 060000\n",
  path: "/home/sk_a/slurm-7.out",
  truncated: true,
  unreadable: null,
};

describe("a job's output read from the login host", () => {
  it("says when only the end of the output is shown", async () => {
    renderOutput(output);
    expect((await screen.findByTestId("hpc-console-output-truncated", {}, WAIT)).textContent).toBe(
      "Only the last 256 KB of the output is shown. The whole file is /home/sk_a/slurm-7.out on the cluster.",
    );
    expect(screen.getByTestId("hpc-console-output-text").textContent).toBe("row 060000\n");
  });

  it("says so in Chinese too", async () => {
    await setLanguage("zh-CN");
    try {
      renderOutput(output);
      expect((await screen.findByTestId("hpc-console-output-truncated", {}, WAIT)).textContent).toBe(
        "仅显示输出的最后256 KB，完整文件位于集群上的/home/sk_a/slurm-7.out。",
      );
    } finally {
      await setLanguage("en-US");
    }
  });

  it("shows why the file could not be read, with its path", async () => {
    renderOutput({
      ...output,
      available: false,
      text: null,
      truncated: false,
      unreadable: "The HPC login host's key has changed (…)",
    });
    expect((await screen.findByTestId("hpc-console-output-unreadable", {}, WAIT)).textContent).toBe(
      "The HPC login host's key has changed (…)",
    );
    expect(screen.getByTestId("hpc-console-output-path").textContent).toBe("/home/sk_a/slurm-7.out");
    expect(screen.queryByTestId("hpc-console-output-truncated")).toBeNull();
  });
});
