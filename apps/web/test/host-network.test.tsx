// A host's network in the console against a fake API: the purchase form offers the default VPC to
// a tenant without one and sends the chosen VPC, subnet, groups and fixed address; it checks the
// fixed address against the subnet before sending; the host's page shows its network and changes
// its security groups.
import type { HostNetwork, SecurityGroupRecord, VpcDetail } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import type { Handler } from "./fake-server";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 30_000 });
resetAppBetweenTests();

const page = <T,>(list: T[]) => ({ data: { list, total: list.length, pageNum: 1, pageSize: 200 } });

const buyer = makeUser({
  permissions: ["CA", "CB01", "CB09", "CC01"],
  routes: [
    "/mgt/dashboard",
    "/mgt/cloudhost",
    "/mgt/cloudhost/create",
    "/mgt/host/:id/detail",
    "/mgt/orders/:id",
    "/mgt/vpc/create",
    "/mgt/vpc/detail/:id",
    "/mgt/vpc/subnet/:id",
    "/mgt/security_group/rule/:id",
  ],
});

const product = {
  id: "p-1",
  code: "std-host",
  nameZh: "标准云主机",
  nameEn: "Standard host",
  categoryCode: "compute",
  spec: {
    kind: "host",
    flavors: [{ id: "s1", name: "s1.small", vcpu: 2, memoryGb: 4, gpuCount: 0, gpuModel: "" }],
    images: [{ id: "ubuntu", name: "Ubuntu 22.04" }],
    systemDiskGb: 50,
  },
  prepaidPeriods: [1],
  postpaid: false,
  approvalFlow: "none",
};

const quote = {
  productCode: "std-host",
  dimension: "flavor:s1",
  paymentType: "prepaid",
  periodMonths: 1,
  hours: null,
  monthly: "100.00000",
  original: "100.00000",
  discount: "0.00000",
  amount: "100.00000",
  coupon: null,
  couponDeduction: "0.00000",
  payable: "100.00000",
  deduction: { sufficient: true, shortfall: "0.00000", allocations: [] },
};

const group = (id: string, name: string, isDefault = false): SecurityGroupRecord => ({
  id,
  name,
  description: "",
  isDefault,
  status: "active",
  projectId: null,
  projectName: null,
  ruleCount: 1,
  hostCount: 0,
  createdAt: "2026-11-28T00:00:00.000Z",
});
const groups = [group("sg-d", "default", true), group("sg-web", "web")];

const defaultVpc: VpcDetail = {
  id: "vpc-d",
  name: "default-vpc",
  description: "",
  cidr: "172.16.0.0/16",
  shared: false,
  status: "active",
  projectId: null,
  projectName: null,
  createdBy: "u-1",
  createdByName: "Alice",
  createdAt: "2026-11-28T00:00:00.000Z",
  subnetCount: 1,
  editable: true,
  routers: [],
  subnets: [
    {
      id: "sn-d",
      vpcId: "vpc-d",
      name: "default-subnet",
      cidr: "172.16.0.0/24",
      gatewayIp: "172.16.0.1",
      dhcp: true,
      dnsServers: [],
      status: "active",
      createdAt: "2026-11-28T00:00:00.000Z",
    },
  ],
};

/** The purchase form of a tenant who has no VPC until they ask for the default one. */
function buyWithoutVpc(extra: Record<string, Handler> = {}) {
  const vpcs: VpcDetail[] = [];
  return renderApp(
    "/mgt/cloudhost/create",
    {
      "GET /billing/products": () => page([product]),
      "POST /billing/inquiry/price": () => ({ data: quote }),
      "GET /res/vpcs": () => page(vpcs),
      "POST /res/vpcs/default": () => {
        vpcs.push(defaultVpc);
        return { data: defaultVpc };
      },
      "GET /res/vpcs/vpc-d": () => ({ data: defaultVpc }),
      "GET /res/security-groups": () => page(groups),
      "POST /service/apply": () => ({ status: 400, code: 22001, message: "The balance is not enough" }),
      ...extra,
    },
    { user: buyer },
  );
}

async function takeDefaultVpc() {
  fireEvent.click(await screen.findByTestId("host-create-default-vpc", {}, WAIT));
  const summary = screen.getByTestId("host-create-network-summary");
  await waitFor(() => expect(summary.textContent).toContain("default-subnet (172.16.0.0/24)"), WAIT);
  expect(summary.textContent).toContain("default-vpc (172.16.0.0/16)");
  // The organisation's default group is chosen to start with.
  expect(summary.textContent).toContain("default");
}

const applyCalls = (server: ReturnType<typeof renderApp>) =>
  server.calls.filter((c) => c.method === "POST" && c.path === "/service/apply");

describe("buying a host onto a network", () => {
  it("offers the default VPC to a tenant without one and sends the network chosen", async () => {
    const server = buyWithoutVpc();
    await takeDefaultVpc();
    expect(screen.queryByTestId("host-create-no-vpc")).toBeNull();
    fireEvent.change(screen.getByTestId("host-create-name"), { target: { value: "web-2" } });
    fireEvent.click(screen.getByTestId("host-create-submit"));
    await waitFor(() => expect(applyCalls(server)).toHaveLength(1), WAIT);
    expect((applyCalls(server)[0]!.body as { spec: unknown }).spec).toEqual({
      flavorId: "s1",
      imageId: "ubuntu",
      network: { vpcId: "vpc-d", subnetId: "sn-d", securityGroupIds: ["sg-d"], fixedIp: null },
    });
  });

  it("says why a fixed address cannot be given before sending, then sends a good one", async () => {
    const server = buyWithoutVpc();
    await takeDefaultVpc();
    fireEvent.change(screen.getByTestId("host-create-name"), { target: { value: "web-2" } });
    const fixedIp = screen.getByTestId("host-create-fixed-ip");
    for (const [address, message] of [
      ["172.16.0.1", "The address is reserved"],
      ["172.16.0.255", "The address is reserved"],
      ["10.0.0.5", "The address is outside the subnet 172.16.0.0/24"],
      ["172.16.0.300", "Write an IPv4 address"],
    ] as const) {
      fireEvent.change(fixedIp, { target: { value: address } });
      fireEvent.click(screen.getByTestId("host-create-submit"));
      expect((await screen.findByText(new RegExp(message), {}, WAIT)).textContent).toContain(message);
    }
    expect(applyCalls(server)).toHaveLength(0);

    fireEvent.change(fixedIp, { target: { value: "172.16.0.10" } });
    await waitFor(
      () => expect(screen.getByTestId("host-create-network-summary").textContent).toContain("172.16.0.10"),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("host-create-submit"));
    await waitFor(() => expect(applyCalls(server)).toHaveLength(1), WAIT);
    expect(applyCalls(server)[0]!.body).toMatchObject({ spec: { network: { fixedIp: "172.16.0.10" } } });
  });

  it("sends no network for a buyer who may not see networks, and says where the host goes", async () => {
    const server = renderApp(
      "/mgt/cloudhost/create",
      {
        "GET /billing/products": () => page([product]),
        "POST /billing/inquiry/price": () => ({ data: quote }),
        "POST /service/apply": () => ({ status: 400, code: 22001, message: "The balance is not enough" }),
      },
      { user: { ...buyer, permissions: ["CA", "CB01", "CC01"] } },
    );
    await screen.findByTestId("host-create-no-network", {}, WAIT);
    expect(screen.queryByTestId("host-create-network-summary")).toBeNull();
    fireEvent.change(screen.getByTestId("host-create-name"), { target: { value: "web-2" } });
    fireEvent.click(screen.getByTestId("host-create-submit"));
    await waitFor(() => expect(applyCalls(server)).toHaveLength(1), WAIT);
    expect((applyCalls(server)[0]!.body as { spec: unknown }).spec).toEqual({
      flavorId: "s1",
      imageId: "ubuntu",
    });
    expect(server.calls.some((c) => c.path.startsWith("/res/vpcs"))).toBe(false);
  });
});

const onNetwork: HostNetwork = {
  vpc: { id: "vpc-d", name: "default-vpc", cidr: "172.16.0.0/16" },
  subnet: { id: "sn-d", name: "default-subnet", cidr: "172.16.0.0/24" },
  ipAddress: "172.16.0.10",
  fixedIp: true,
  securityGroups: [{ id: "sg-web", name: "web" }],
  groupsEditable: true,
};

function openHost(network: HostNetwork, user = buyer, extra: Record<string, Handler> = {}) {
  return renderApp(
    "/mgt/host/h-1/detail",
    {
      "GET /res/hosts/h-1": () => ({
        data: { ...resourceRecord({}), errorLog: null, externalRef: null, accessNote: null, attachments: [] },
      }),
      "GET /res/hosts/h-1/network": () => ({ data: network }),
      "GET /res/security-groups": () => page(groups),
      ...extra,
    },
    { user },
  );
}

describe("a host's network on its page", () => {
  it("shows its VPC, subnet, fixed address and groups as links, and changes its groups", async () => {
    let current = onNetwork;
    const server = openHost(onNetwork, buyer, {
      "GET /res/hosts/h-1/network": () => ({ data: current }),
      "PUT /res/hosts/h-1/security-groups": ({ body }) => {
        const ids = (body as { securityGroupIds: string[] }).securityGroupIds;
        current = { ...current, securityGroups: groups.filter((g) => ids.includes(g.id)) };
        return { data: current };
      },
    });
    const card = await screen.findByTestId("host-network-card", {}, WAIT);
    await waitFor(
      () => expect(within(card).getByTestId("host-network-ip").textContent).toBe("172.16.0.10"),
      WAIT,
    );
    expect(within(card).getByTestId("host-network-fixed").textContent).toBe("Fixed");
    expect(within(card).getByRole("link", { name: "default-vpc (172.16.0.0/16)" }).getAttribute("href")).toBe(
      "/mgt/vpc/detail/vpc-d",
    );
    expect(
      within(card).getByRole("link", { name: "default-subnet (172.16.0.0/24)" }).getAttribute("href"),
    ).toBe("/mgt/vpc/subnet/sn-d");
    expect(within(card).getByTestId("host-network-group-web").getAttribute("href")).toBe(
      "/mgt/security_group/rule/sg-web",
    );

    fireEvent.click(within(card).getByTestId("host-network-change-groups"));
    const select = await screen.findByTestId("host-network-groups-select", {}, WAIT);
    fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
    fireEvent.click((await screen.findAllByTitle("default", {}, WAIT)).at(-1)!);
    fireEvent.click(screen.getByTestId("host-network-groups-save"));
    await waitFor(() => expect(screen.queryByTestId("host-network-group-default")).not.toBeNull(), WAIT);
    const put = server.calls.find((c) => c.method === "PUT" && c.path === "/res/hosts/h-1/security-groups");
    expect(put?.body).toEqual({ securityGroupIds: ["sg-web", "sg-d"] });
  });

  it("offers no change of groups without the network code, and names without links", async () => {
    openHost(onNetwork, {
      ...buyer,
      permissions: ["CA", "CB01"],
      routes: ["/mgt/dashboard", "/mgt/host/:id/detail"],
    });
    const card = await screen.findByTestId("host-network-card", {}, WAIT);
    await waitFor(
      () => expect(within(card).getByTestId("host-network-vpc").textContent).toContain("default-vpc"),
      WAIT,
    );
    expect(within(card).queryAllByRole("link")).toHaveLength(0);
    expect(within(card).queryByTestId("host-network-change-groups")).toBeNull();
  });

  it("says a host bought without a VPC is on the cloud's default network", async () => {
    openHost({
      vpc: null,
      subnet: null,
      ipAddress: "10.0.0.7",
      fixedIp: false,
      securityGroups: [],
      groupsEditable: false,
    });
    expect((await screen.findByTestId("host-network-default", {}, WAIT)).textContent).toContain(
      "without choosing a VPC",
    );
    expect(screen.queryByTestId("host-network-change-groups")).toBeNull();
  });
});
