/**
 * Browser helpers for the e2e tests: Debian's Chromium driven by
 * playwright-core (which never downloads a browser of its own), fixed
 * viewports, screenshots and a record of the page's uncaught errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Page } from 'playwright-core';
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

/** The command lines of the Chromium browser processes this process started (the renderers and helpers are their children). */
function chromiumCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.some((arg) => arg.startsWith('--disable-features='))) lines.push(args);
    } catch {
      // The process ended while being read.
    }
  }
  return lines;
}

/** Fails the launch when Playwright's --disable-features (its first) names a feature ours (the last, the one Chromium reads) lacks. */
async function keepsPlaywrightsDisabledFeatures(browser: Browser): Promise<Browser> {
  const missing = new Set<string>();
  for (const args of chromiumCommandLines()) {
    const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
    for (const feature of lists[0]) if (!lists.at(-1)!.includes(feature)) missing.add(feature);
  }
  if (missing.size === 0) return browser;
  await browser.close();
  throw new Error(`Playwright now disables ${[...missing].join(', ')}: add them to PLAYWRIGHT_DISABLED_FEATURES in e2e/support/browser.ts (Chromium reads only the last --disable-features).`);
}

/** One Chromium per worker process and set of launch options, shared by the worker's test files. */
const browsers = new Map<string, Promise<Browser>>();

/** What a test file does with its browser: open contexts, and close the ones it opened. */
export type TestBrowser = Pick<Browser, 'newContext' | 'close'>;

/**
 * Chromium for a test file. The files of a worker run one after another in one
 * process (vitest.config.ts), and one Chromium serves them all: starting it for
 * each of 30 files cost about 0.7 s of CPU each. The file's close() closes only
 * the contexts it opened. Chromium runs under this process's own Playwright,
 * not behind a browser server the file connects to: that connection encoded
 * every call and answer once more (a screenshot, an axe scan's script) for a
 * third to two thirds of the test process's CPU per operation. Playwright stops
 * the browser when the worker process exits.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  const key = options.fakeMedia ? 'fake-media' : 'plain';
  if (!browsers.has(key)) {
    useOwnedTempDir();
    const media = options.fakeMedia ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'] : [];
    const launching = chromium.launch({
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
        // A fresh context's page starts at about:blank in a renderer of its own; with site isolation the
        // app's origin then gets a second one. The tests load only the app: one renderer per context.
        '--disable-site-isolation-trials',
        `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI_FEATURES].join(',')}`,
        ...media,
      ],
    }).then(keepsPlaywrightsDisabledFeatures);
    // A failed launch is reported to this file; the next file tries again.
    launching.catch(() => browsers.delete(key));
    browsers.set(key, launching);
  }
  const shared = await browsers.get(key)!;
  const opened = new Set<BrowserContext>();
  return {
    async newContext(contextOptions) {
      const context = await shared.newContext(contextOptions);
      opened.add(context);
      context.on('close', () => opened.delete(context));
      return context;
    },
    async close() {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
}

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions thrown in the page so far. */
  pageErrors: Error[];
  close(): Promise<void>;
}

/** A page in a fresh context (no shared storage), at one of the fixed viewports. */
export async function openPage(browser: TestBrowser, viewport: ViewportName, options: BrowserContextOptions = {}): Promise<OpenedPage> {
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

/** The bytes of a finished download. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
