// Project calls of the resource API (spec §7 "projects") and their cache keys.
import type { ProjectBody, ProjectDetail } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

const base = "/res/projects";
const one = (projectId: string) => `${base}/${encodeURIComponent(projectId)}`;

export const projectKey = (projectId: string | null) => ["project", projectId] as const;

export const projectsApi = {
  create: (body: ProjectBody) => api.call(endpoints.projects.create, { body: body }),
  update: (projectId: string, body: ProjectBody) => api.put<ProjectDetail>(one(projectId), body),
  remove: (projectId: string) => api.del(one(projectId)),
  addMembers: (projectId: string, userSids: string[]) =>
    api.post<ProjectDetail>(`${one(projectId)}/members`, { userSids }),
  removeMember: (projectId: string, userSid: string) =>
    api.del<ProjectDetail>(`${one(projectId)}/members/${encodeURIComponent(userSid)}`),
  candidatesPath: (projectId: string) => `${one(projectId)}/candidates`,
};

/** One project with its members, while `projectId` is set. */
export function useProject(projectId: string | null) {
  return useQuery({
    queryKey: projectKey(projectId),
    queryFn: () => api.get<ProjectDetail>(one(projectId!)),
    enabled: projectId !== null,
  });
}

/** After a change: the list (paged query keys start with "ops") and the project itself reload. */
export function useRefreshProjects() {
  const client = useQueryClient();
  return async (projectId?: string) => {
    await client.invalidateQueries({ queryKey: ["ops", "projects"] });
    if (projectId) await client.invalidateQueries({ queryKey: projectKey(projectId) });
  };
}
