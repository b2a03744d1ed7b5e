/**
 * Helpers of the profile screens' browser tests (/tc-profile, /agent-profile):
 * the avatar folder as stored, captured confirmation mails, a test image with
 * four coloured quadrants, decoding what the crop stored, and opening the
 * crop dialog.
 */
import { createClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import WebSocket from 'ws';
import type { StackInfo } from '../../tests/support/throwaway-stack.ts';

export const AVATARS = 'avatars';

/** A service-role client (admin API, storage listing) for arranging and checking what the screens stored. */
export function serviceClientFor(stack: StackInfo) {
  return createClient(stack.apiUrl, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** Object names in the account's avatar folder, as the service role lists them. */
export async function avatarObjects(stack: StackInfo, accountId: string): Promise<string[]> {
  const { data, error } = await serviceClientFor(stack).storage.from(AVATARS).list(accountId);
  if (error) throw error;
  return data.map((o) => `${accountId}/${o.name}`);
}

/** The newest captured mail to `address`, through the mail viewer's JSON API. */
export async function latestMailText(stack: StackInfo, address: string): Promise<string> {
  const list = (await (await fetch(`${stack.mailUrl}/api/v1/messages?limit=500`)).json()) as { messages: { ID: string; To: { Address: string }[] }[] };
  const newest = list.messages.find((m) => m.To.some((t) => t.Address === address.toLowerCase()));
  if (!newest) throw new Error(`no mail to ${address}`);
  return ((await (await fetch(`${stack.mailUrl}/api/v1/message/${newest.ID}`)).json()) as { Text: string }).Text;
}

/** The Auth verify link of the newest mail to `address` (e.g. an e-mail change confirmation). */
export async function latestVerifyLink(stack: StackInfo, address: string): Promise<string | undefined> {
  return /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(await latestMailText(stack, address))?.[0];
}

/** A 400×300 PNG with four coloured quadrants (red, green / blue, yellow), drawn by the browser. */
export async function quadrantPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    const quadrants: [string, number, number][] = [['#ff0000', 0, 0], ['#00c800', 200, 0], ['#0000ff', 0, 150], ['#ffff00', 200, 150]];
    for (const [colour, x, y] of quadrants) {
      context.fillStyle = colour;
      context.fillRect(x, y, 200, 150);
    }
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

const COLOURS = { red: [255, 0, 0], green: [0, 200, 0], blue: [0, 0, 255], yellow: [255, 255, 0] } as const;
export type Colour = keyof typeof COLOURS;

function nearestColour([r, g, b]: number[]): Colour {
  const distance = (c: readonly number[]) => (c[0]! - r!) ** 2 + (c[1]! - g!) ** 2 + (c[2]! - b!) ** 2;
  return (Object.keys(COLOURS) as Colour[]).reduce((best, name) => (distance(COLOURS[name]) < distance(COLOURS[best]) ? name : best));
}

/** Decodes a JPEG in the page (Chromium's decoder) and returns its size and the colours at `points`. */
export async function decodeJpeg(page: Page, bytes: Buffer, points: [number, number][]) {
  const decoded = await page.evaluate(
    async ([base64, at]) => {
      const blob = await (await fetch(`data:image/jpeg;base64,${base64}`)).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return { width: bitmap.width, height: bitmap.height, pixels: at.map(([x, y]) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3))) };
    },
    [bytes.toString('base64'), points] as const,
  );
  return { width: decoded.width, height: decoded.height, colours: decoded.pixels.map(nearestColour) };
}

/** Chooses `png` as the new profile photo and waits until the crop dialog can save. */
export async function chooseAndOpenCrop(page: Page, png: Buffer): Promise<Locator> {
  await page.getByTestId('profile-photo-input').setInputFiles({ name: 'quadrants.png', mimeType: 'image/png', buffer: png });
  const dialog = page.getByRole('dialog', { name: 'Crop Profile Photo' });
  await dialog.waitFor();
  await dialog.getByRole('img', { name: 'Photo to crop' }).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).and(page.locator(':enabled')).waitFor();
  return dialog;
}
