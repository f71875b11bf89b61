import type { DeviceType } from '@app/shared';
import { UAParser } from 'ua-parser-js';

/**
 * The device class of a user agent for the admin device chart. Desktop browsers report no
 * device type, so "a known browser on a known OS without a device type" means desktop;
 * an empty, bot or tool user agent is unknown.
 */
export function deviceTypeOf(userAgent: string): DeviceType {
  if (!userAgent.trim()) return 'unknown';
  const { device, browser, os } = UAParser(userAgent);
  if (device.type === 'mobile' || device.type === 'wearable') return 'mobile';
  if (device.type === 'tablet') return 'tablet';
  if (!device.type && browser.name && os.name) return 'desktop';
  return 'unknown';
}
