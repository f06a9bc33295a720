// What the services that change or remove a tenant's running resource share: they find the resource
// through resources (the caller's data scope, its claim on the resource), ask the provider, and
// answer with the order they recorded (configuration changes, unsubscribes and releases).
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Provider } from "../../providers/provider";
import type { OrdersService } from "../orders/ordering/orders.service";
import type { ResourcesService } from "../resources/resources.service";

export type ResourceChangeDeps = {
  db: Db;
  clock: Clock;
  timeZone: string;
  provider: Provider;
  resources: ResourcesService;
  orders: OrdersService;
};
