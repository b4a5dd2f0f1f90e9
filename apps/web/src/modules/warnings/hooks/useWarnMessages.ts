import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { browserStorages } from '../../../shared/storage/keys';
import { readUserName } from '../../auth/utils/session';
import { fetchMessages, readMessage, setAllRead, type MessageQuery, type WarnMessagePage } from '../api/messages';
import { subscribeLive } from '../../../shared/live/liveStream';
import { BELL_LIST_SIZE, BELL_REFRESH_MS, markAllRead, markRead } from '../states/bell';

/** Every query of the warning messages (the bell's and the page's): reloaded together. */
export const WARN_MESSAGES_KEY = ['warnings', 'messages'] as const;

export function useUserName(): string {
  return readUserName(browserStorages());
}

/** A page of the caller's messages, read again every 300000 ms (spec 02 §9). */
export function useWarnMessages(q: MessageQuery = { page: 1, pageSize: BELL_LIST_SIZE }) {
  const userName = useUserName();
  return useQuery({
    queryKey: [...WARN_MESSAGES_KEY, userName, q.page ?? 1, q.pageSize ?? BELL_LIST_SIZE, q.unread === true],
    queryFn: ({ signal }) => fetchMessages(userName, q, signal),
    enabled: userName !== '',
    refetchInterval: BELL_REFRESH_MS,
    refetchIntervalInBackground: true,
    placeholderData: (previous) => previous,
  });
}

/**
 * While mounted: a new message on the browser's one live stream (shared by every tab of the signed-in
 * user, shared/live) reloads every message query at once. Answers whether the stream is connected.
 */
export function useWarnStream(enabled: boolean): boolean {
  const client = useQueryClient();
  const userName = useUserName();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!enabled || userName === '') return undefined;
    return subscribeLive(userName, {
      onEvent: (e) => {
        if (e.event === 'message') void client.invalidateQueries({ queryKey: WARN_MESSAGES_KEY });
      },
      onState: setConnected,
    });
  }, [enabled, userName, client]);
  return connected;
}

/** Marking read: one message (answers its dashboard route) or all; the loaded pages change at once. */
export function useMarkRead() {
  const client = useQueryClient();
  const userName = useUserName();
  const update = (fn: (p: WarnMessagePage) => WarnMessagePage) => client.setQueriesData<WarnMessagePage>({ queryKey: WARN_MESSAGES_KEY }, (p) => (p ? fn(p) : p));
  const one = useMutation({
    mutationFn: (id: string) => readMessage(id),
    onSuccess: (_, id) => update((p) => markRead(p, id)),
    onSettled: () => client.invalidateQueries({ queryKey: WARN_MESSAGES_KEY }),
  });
  const all = useMutation({
    mutationFn: () => setAllRead(userName),
    onSuccess: () => update(markAllRead),
    onSettled: () => client.invalidateQueries({ queryKey: WARN_MESSAGES_KEY }),
  });
  return { one, all };
}
