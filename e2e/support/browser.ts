/**
 * Browser helpers for the e2e tests: Debian's Chromium driven by
 * playwright-core (which never downloads a browser of its own), fixed
 * viewports, screenshots and a record of the page's uncaught errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type BrowserServer, type Download, type Page } from 'playwright-core';
import { ownedTempDir } from '../../stack/temp-dirs.ts';
import { throwawayPrefix } from '../../tests/support/throwaway-stack.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

export type ViewportName = keyof typeof VIEWPORTS;

export interface LaunchOptions {
  /** A fake microphone/camera (a test tone) granted without a prompt, for recording tests. */
  fakeMedia?: boolean;
}

let profilesDir: string | undefined;

/**
 * Playwright puts Chromium's user-data and artifacts folders in os.tmpdir(); a
 * killed run would leave them behind. They go in a folder owned by this
 * process instead, removed on exit or by the next run's sweep (stack/temp-dirs.ts).
 */
function useOwnedTempDir(): void {
  profilesDir ??= ownedTempDir(throwawayPrefix('chromium')).path;
  process.env.TMPDIR = profilesDir;
}

/**
 * The new headless Chromium (a full Chrome) opens a browser window for each
 * context, and each window loads its omnibox popup (the address bar's
 * suggestions, a WebUI page) in a renderer process of its own: about 0.5 s of
 * CPU per context, a third of what a test's fresh context costs, for a popup
 * no page can show.
 */
const UNSEEN_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * What Playwright 1.65 disables with its own --disable-features. Chromium reads
 * only the last --disable-features given, so ours repeats these;
 * keepsPlaywrightsDisabledFeatures() stops a run whose Playwright disables more.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** Fails the launch when Playwright's --disable-features (its first) names a feature ours (the last, the one Chromium reads) lacks. */
async function keepsPlaywrightsDisabledFeatures(server: BrowserServer): Promise<BrowserServer> {
  const args = fs.readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
  const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
  const missing = (lists[0] ?? []).filter((feature) => !lists.at(-1)!.includes(feature));
  if (missing.length === 0) return server;
  await server.close();
  throw new Error(`Playwright now disables ${missing.join(', ')}: add them to PLAYWRIGHT_DISABLED_FEATURES in e2e/support/browser.ts (Chromium reads only the last --disable-features).`);
}

/** One Chromium per worker process and set of launch options, shared by the worker's test files. */
const servers = new Map<string, Promise<BrowserServer>>();

/**
 * Chromium for a test file. The files of a worker run one after another in one
 * process (vitest.config.ts), and one Chromium serves them all: each file
 * connects to it, and closing that connection closes only the contexts the
 * file opened. Starting Chromium for each of 30 files cost about 0.7 s of CPU
 * each. Playwright stops the browser when the worker process exits.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  const key = options.fakeMedia ? 'fake-media' : 'plain';
  if (!servers.has(key)) {
    useOwnedTempDir();
    const media = options.fakeMedia ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'] : [];
    const launching = chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      // Sandboxing needs user namespaces that CI containers lack; the rest keeps Chromium off the network except for the app.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI_FEATURES].join(',')}`,
        ...media,
      ],
    }).then(keepsPlaywrightsDisabledFeatures);
    // A failed launch is reported to this file; the next file tries again.
    launching.catch(() => servers.delete(key));
    servers.set(key, launching);
  }
  const server = await servers.get(key)!;
  return chromium.connect(server.wsEndpoint());
}

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions thrown in the page so far. */
  pageErrors: Error[];
  close(): Promise<void>;
}

/** A page in a fresh context (no shared storage), at one of the fixed viewports. */
export async function openPage(browser: Browser, viewport: ViewportName, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'light', reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { page, pageErrors, close: () => context.close() };
}

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (git-ignored) and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** The bytes of a finished download (streamed: the browser is shared over a connection, so there is no local path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
