import type { DeviceInfo } from '@mm/protocol/pure';

/** How /me names a device: the name the player gave it, else its browser and system. */
export const deviceName = (d: Pick<DeviceInfo, 'name' | 'label'>): string => d.name ?? d.label;
