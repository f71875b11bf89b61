import { rooms, staffRooms } from '@app/shared';

/** What reaches sockets by room on every gateway: a gateway's io server, or a Redis emitter. */
export type RoomReach = { in(room: string): { socketsLeave(room: string | string[]): void } };

/** Every socket of the user, on every gateway, leaves every staff room. */
export function leaveStaffRooms(reach: RoomReach, userId: string): void {
  reach.in(rooms.user(userId)).socketsLeave(staffRooms());
}
