// Ticket calls: the tenant's (CD reads, CD01 writes) and the engineers' (BJ),
// with their cache keys.
import type { TicketCreateBody, TicketMessageBody, TicketRateBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { fetchFile } from "../verification/verification-api";

/** The paged lists' keys for usePagedQuery (its query keys start with "ops"). */
export const TICKETS_LIST_KEY = "tickets";
export const TICKET_QUEUE_KEY = "ticketQueue";

const e = endpoints.tickets;

export const ticketsApi = {
  create: (body: TicketCreateBody) => api.call(e.create, { body }),
  reply: (id: string, body: TicketMessageBody) => api.call(e.reply, { params: { id }, body }),
  close: (id: string) => api.call(e.close, { params: { id } }),
  reopen: (id: string) => api.call(e.reopen, { params: { id } }),
  rate: (id: string, body: TicketRateBody) => api.call(e.rate, { params: { id }, body }),
};

export const ticketDeskApi = {
  take: (id: string) => api.call(e.take, { params: { id } }),
  answer: (id: string, body: TicketMessageBody) => api.call(e.answer, { params: { id }, body }),
  handover: (id: string, assigneeId: string) =>
    api.call(e.handover, { params: { id }, body: { assigneeId } }),
  resolve: (id: string) => api.call(e.resolve, { params: { id } }),
};

/** A ticket as the tenant sees it; fetching it marks the engineer's messages read. */
export const useTicket = (id: string) =>
  useQuery({ queryKey: ["ticket", id], queryFn: () => api.call(e.get, { params: { id } }) });

/** A ticket as the engineer sees it; fetching it marks the tenant's messages read. */
export const useDeskTicket = (id: string) =>
  useQuery({ queryKey: ["deskTicket", id], queryFn: () => api.call(e.detail, { params: { id } }) });

export const useTicketLinkables = (enabled: boolean) =>
  useQuery({ queryKey: ["ticketLinkables"], queryFn: () => api.call(e.linkables), enabled });

export const useTicketEngineers = (enabled: boolean) =>
  useQuery({ queryKey: ["ticketEngineers"], queryFn: () => api.call(e.engineers), enabled });

/** The lists show unread badges: after any change they are read again. */
export function useRefreshTickets() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["ops", TICKETS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", TICKET_QUEUE_KEY] }),
    ]);
}

/** An attachment's bytes through the signed client. */
export const fetchAttachment = fetchFile;
