// A compute provider calls the network service for a host's port: the network's refusal reaches
// orders and the resources' error logs as the provider's own (a ProviderError keeps its message).
import { NetworkCloudError } from "./network/network-cloud";
import { ProviderError } from "./provider";

export async function refusedAsProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof NetworkCloudError ? new ProviderError(error.message) : error;
  }
}
