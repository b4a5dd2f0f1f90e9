import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '../../dashboard/api/dashboard';
import { templateApi, templateKeys } from '../api/template';
import type { PublishKind } from '../types';

/** GET /api/template/publish_menu (only asked while the publish dialog is open). */
export function usePublishMenu(enabled: boolean) {
  return useQuery({ queryKey: templateKeys.publishMenu, queryFn: templateApi.publishMenu, enabled, staleTime: 0 });
}

/** GET /api/template/roles_users, with who the template of that dashboard or folder is published to now. */
export function useTemplateRolesUsers(origin: { kind: PublishKind; id: string } | undefined, enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.rolesUsers(origin?.kind, origin?.id),
    queryFn: () => templateApi.rolesUsers(origin),
    enabled,
    staleTime: 0,
  });
}

/** GET /api/template/info/{dashboardId}: version, publisher and time of the template holding a template-tab dashboard. */
export function useTemplateInfo(dashboardId: string | undefined) {
  return useQuery({
    queryKey: templateKeys.info(dashboardId ?? ''),
    queryFn: () => templateApi.info(dashboardId ?? ''),
    enabled: Boolean(dashboardId),
  });
}

/** The sources a template dashboard or folder uses, with the caller's candidates (the remap dialog). */
export function useTemplateSources(kind: PublishKind, id: string, enabled: boolean) {
  return useQuery({ queryKey: templateKeys.sources(kind, id), queryFn: () => templateApi.sources(kind, id), enabled, staleTime: 0 });
}

/** After a publish or a copy: the template tab's lists, the info bars, and the target tab's folders read again. */
export function useTemplateRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.projects('template') }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.contents('template') }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.projects('dashboard') }),
    ]);
}
