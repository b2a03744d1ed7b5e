import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server binds to 127.0.0.1:5173 because that is the site URL the
// local stack's auth redirects to (supabase/config.toml [auth] site_url).
export default defineConfig({
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
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
