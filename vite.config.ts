import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';

/**
 * The spec's `/api/*` calls from the app's origin go to the `api` Edge
 * Function (docs/api.md shows the same rewrite for production hosting),
 * except the browser routes /api/login and /api/logout, which are screens.
 */
export function apiProxy(supabaseUrl: string | undefined): Record<string, ProxyOptions> {
  if (!supabaseUrl) return {};
  return {
    '/api': {
      target: supabaseUrl,
      changeOrigin: true,
      rewrite: (p) => `/functions/v1${p}`,
      bypass: (req) => (/^\/api\/(login|logout)\/?(\?.*)?$/.test(req.url ?? '') ? '/index.html' : undefined),
    },
  };
}

// The dev server binds to 127.0.0.1:5173 because that is the site URL the
// local stack's auth redirects to (supabase/config.toml [auth] site_url).
export default defineConfig(({ mode }) => {
  // process.env first: `npm run dev` and the browser tests set it (and keep a developer's .env.local out).
  const supabaseUrl = process.env.VITE_SUPABASE_URL ?? loadEnv(mode, import.meta.dirname, 'VITE_').VITE_SUPABASE_URL;
  const proxy = apiProxy(supabaseUrl);
  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: { '@': path.resolve(import.meta.dirname, 'src') },
      // @supabase/auth-ui-react pins React 18 as a dependency of its own; two Reacts break hooks, so everything shares ours.
      dedupe: ['react', 'react-dom'],
    },
    server: {
      host: '127.0.0.1',
      port: 5173,
      // Another port would silently break auth redirects; fail instead (pass --port to choose one deliberately).
      strictPort: true,
      proxy,
    },
    preview: {
      host: '127.0.0.1',
      port: 4173,
      proxy,
    },
    build: {
      rollupOptions: {
        output: {
          // Automatic splitting gives every set of routes sharing a module a chunk of its own: a cold load of
          // the dashboard fetched 46–64 files, most a few KB. Common chunks under 16 KiB are copied into the
          // chunks that read them instead (webpack's splitChunks.minSize does the same by default), and
          // Rolldown's runtime keeps one instance of each copied module: 11–14 files for the same gzip bytes
          // (scripts/bundle-size.ts holds both), and about 13 % less browser CPU over the browser tests.
          // Chunks holding CSS stay files, as the option's documentation asks of Vite builds.
          codeSplitting: {
            experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ },
          },
          // tesseract.js asks its langPath for "<lang>.traineddata.gz" by that exact name, so the OCR data keeps it (src/lib/contract-reading/ocr.ts).
          assetFileNames: (asset: { names?: string[] }) =>
            asset.names?.some((name) => name.endsWith('.traineddata.gz')) ? 'assets/ocr/[name][extname]' : 'assets/[name]-[hash][extname]',
        },
      },
    },
  };
});
