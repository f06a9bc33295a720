// The network forms say what the server would refuse before anything is sent, with the server's
// own messages: a subnet's mask, its place in the VPC and its overlap with a sibling (named); a
// route's conflict with another route or a subnet (named) and a next hop outside the joined subnets.
import { errorText, type RouterDetail, type SubnetRecord, VALIDATION_MESSAGES } from "@skyledger/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { App as AntApp } from "antd";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { networkApi } from "../src/features/network/network-api";
import { RouteFormDialog } from "../src/features/network/route-form-dialog";
import { SubnetFormDialog } from "../src/features/network/subnet-form-dialog";
import { i18n, loadTexts, setLanguage } from "../src/i18n";

afterEach(cleanup);
beforeAll(async () => {
  await loadTexts();
});

const subnet = (name: string, cidr: string): SubnetRecord => ({
  id: `id-${name}`,
  vpcId: "vpc-1",
  name,
  cidr,
  gatewayIp: null,
  dhcp: true,
  dnsServers: [],
  status: "active",
  createdAt: "2026-11-28T00:00:00.000Z",
});

const vpc = { id: "vpc-1", cidr: "10.0.0.0/16", subnets: [subnet("web", "10.0.1.0/24")] };

const router: RouterDetail = {
  id: "rt-1",
  name: "edge",
  vpcId: "vpc-1",
  vpcName: "main",
  vpcCidr: "10.0.0.0/16",
  externalGateway: false,
  status: "active",
  interfaceCount: 1,
  routeCount: 1,
  createdAt: "2026-11-28T00:00:00.000Z",
  editable: true,
  interfaces: [
    { subnetId: "id-web", subnetName: "web", cidr: "10.0.1.0/24", ip: "10.0.1.1", status: "active" },
  ],
  routes: [{ id: "r1", destination: "172.20.0.0/16", nexthop: "10.0.1.9", status: "active" }],
  vpcSubnets: [subnet("web", "10.0.1.0/24"), subnet("db", "10.0.2.0/24")],
};

function shown(node: React.ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <AntApp>{node}</AntApp>
    </I18nextProvider>,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe("the subnet form", () => {
  it.each(["en-US", "zh-CN"] as const)(
    "refuses in %s what the server refuses, sending nothing",
    async (locale) => {
      await setLanguage(locale);
      const send = vi.spyOn(networkApi, "createSubnet");
      shown(<SubnetFormDialog vpc={vpc} onClose={() => {}} onDone={() => {}} />);
      type("subnet-form-name", "app");
      type("subnet-form-cidr", "10.0.0.0/23");
      fireEvent.click(screen.getByTestId("subnet-form-submit"));
      await screen.findByText(
        errorText("SUBNET_OVERLAPS", locale, { cidr: "10.0.0.0/23", name: "web", other: "10.0.1.0/24" }),
      );
      type("subnet-form-cidr", "10.1.0.0/24");
      await screen.findByText(
        errorText("SUBNET_OUTSIDE_VPC", locale, { cidr: "10.1.0.0/24", vpcCidr: "10.0.0.0/16" }),
      );
      const lang = locale === "zh-CN" ? "zh" : "en";
      type("subnet-form-cidr", "10.0.3.0/30");
      await screen.findByText(VALIDATION_MESSAGES["validation.subnetMask"]![lang]);
      type("subnet-form-cidr", "10.0.3.0/24");
      type("subnet-form-gateway", "10.0.4.1");
      fireEvent.click(screen.getByTestId("subnet-form-submit"));
      await screen.findByText(
        errorText("SUBNET_GATEWAY_INVALID", locale, { gateway: "10.0.4.1", cidr: "10.0.3.0/24" }),
      );
      type("subnet-form-dns", "1.1.1.1, 8.8.8.8, 9.9.9.9");
      await screen.findByText(VALIDATION_MESSAGES["validation.dnsServers"]![lang]);
      expect(send).not.toHaveBeenCalled();
      send.mockRestore();
    },
  );
});

describe("the route form", () => {
  it.each(["en-US", "zh-CN"] as const)(
    "names the route or subnet a destination conflicts with (%s)",
    async (locale) => {
      await setLanguage(locale);
      const send = vi.spyOn(networkApi, "addRoute");
      shown(<RouteFormDialog router={router} onClose={() => {}} onDone={() => {}} />);
      type("route-form-destination", "172.20.5.0/24");
      type("route-form-nexthop", "10.0.2.5");
      fireEvent.click(screen.getByTestId("route-form-submit"));
      await screen.findByText(
        errorText("ROUTE_CONFLICTS_ROUTE", locale, {
          destination: "172.20.5.0/24",
          other: "172.20.0.0/16",
          nexthop: "10.0.1.9",
        }),
      );
      await screen.findByText(errorText("ROUTE_NEXTHOP_NOT_JOINED", locale, { nexthop: "10.0.2.5" }));
      type("route-form-destination", "10.0.2.0/25");
      await screen.findByText(
        errorText("ROUTE_CONFLICTS_SUBNET", locale, {
          destination: "10.0.2.0/25",
          name: "db",
          cidr: "10.0.2.0/24",
        }),
      );
      expect(send).not.toHaveBeenCalled();
      send.mockRestore();
    },
  );
});
