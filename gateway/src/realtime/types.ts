import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '@app/shared';
import type { Server, Socket } from 'socket.io';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
