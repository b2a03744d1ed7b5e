-- Avatars are served from a public URL on the API's origin to anyone, so the
-- bucket takes only raster images a browser cannot run script from:
-- `image/*` let SVG (and any future scriptable image type) through.
-- supabase/config.toml's [storage.buckets.avatars] lists the same types, so
-- `supabase start` / `supabase seed buckets` keep the bucket this way too.
update storage.buckets
set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp'],
    updated_at = now()
where id = 'avatars';
