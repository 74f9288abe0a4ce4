import {
  STAFF_ROOM,
  StaffMessagingEventSchema,
  StaffReadEventSchema,
  type StaffServerToClientEvents,
  staffSocketEvents,
} from '@wallet/contract/backoffice';
import { type ChatClientToServerEvents, chatSocketEvents } from '@wallet/contract/chat';
import { chatLimits } from '@wallet/contract/constants';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { updateConversationLists } from './api/get-conversations';
import { checkStaffSession } from './api/get-staff-profile';
import {
  appendLiveMessage,
  applyMessagingEvent,
  applyReadEvent,
  type HeldHistory,
} from './conversation-cache';

/**
 * The staff socket (the API contract, chat socket; contract/backoffice.ts): it joins the `staff`
 * room and hears every conversation. Its events update the cached list and histories in place;
 * after each (re)connection both are read again, since messages sent while it was away are not
 * replayed.
 */
export type StaffSocketStatus = 'connecting' | 'online' | 'offline';

export const useStaffSocketStatus = create<{ status: StaffSocketStatus }>()(() => ({
  status: 'connecting',
}));

const setStatus = (status: StaffSocketStatus) => useStaffSocketStatus.setState({ status });

export function isStaffSocketOnline(): boolean {
  return useStaffSocketStatus.getState().status === 'online';
}

type StaffSocket = Socket<StaffServerToClientEvents, ChatClientToServerEvents>;

function resync(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.backoffice.conversations() });
  void queryClient.invalidateQueries({ queryKey: [...queryKeys.backoffice.all, 'history'] });
}

/** A refusal from the socket may mean the session has ended: a 401 here takes staff out. */
function checkSession(): void {
  void checkStaffSession().catch(() => undefined);
}

/**
 * Connects while the chat screen is shown (its route's guard has found staff signed in).
 * `openConversationId` is the conversation on screen: its customer messages do not count as
 * unread.
 */
export function useStaffSocket(openConversationId: number | null): void {
  const open = useRef(openConversationId);
  useEffect(() => {
    open.current = openConversationId;
  }, [openConversationId]);

  useEffect(() => {
    setStatus('connecting');
    const socket: StaffSocket = io(window.location.origin, {
      path: '/socket.io',
      // No auth payload: the session is the httpOnly cookie, which the browser sends with the
      // same-origin WebSocket handshake by itself (`withCredentials` only concerns the polling
      // transport's cross-origin requests, and neither applies here).
      transports: ['websocket'],
      reconnectionDelay: chatLimits.socketReconnectDelayMs,
    });

    socket.on('connect', () => {
      socket.emit(chatSocketEvents.join, { room: STAFF_ROOM }, (answer) => {
        if (answer.ok) {
          setStatus('online');
          resync();
        } else {
          setStatus('offline');
          checkSession();
        }
      });
    });
    socket.on('disconnect', (reason) => {
      setStatus('offline');
      // The server closed it on purpose (the session was ended): socket.io will not reconnect.
      if (reason === 'io server disconnect') checkSession();
    });
    socket.on('connect_error', () => {
      setStatus('offline');
      // The server refused the handshake itself (socket.io stops retrying): check the session.
      if (!socket.active) checkSession();
    });

    socket.on(staffSocketEvents.messaging, (raw) => {
      const parsed = StaffMessagingEventSchema.safeParse(raw);
      if (!parsed.success) return;
      const event = parsed.data;
      updateConversationLists((list, party) =>
        applyMessagingEvent(list, event, open.current, party),
      );
      queryClient.setQueryData<HeldHistory>(
        queryKeys.backoffice.history(event.conversationId),
        (held) => appendLiveMessage(held, event.message),
      );
    });
    socket.on(staffSocketEvents.read, (raw) => {
      const parsed = StaffReadEventSchema.safeParse(raw);
      if (parsed.success) updateConversationLists((list) => applyReadEvent(list, parsed.data));
    });

    return () => {
      socket.disconnect();
      setStatus('offline');
    };
  }, []);
}
