-- Files move behind one storage interface (api/storage: a folder under DATA_DIR, or an S3 bucket), and
-- client_portals.logo_path now holds a storage key. New logos are stored at
-- providers/<provider_id>/portals/<portal_id>/logo-<version>.webp, under the provider's prefix that an
-- account deletion removes whole. A logo stored before this migration stays where it is
-- (<DATA_DIR>/uploads/logos/<name>), which is the local store's key logos/<name>: only the pointer changes.
UPDATE client_portals SET logo_path = 'logos/' || logo_path
WHERE logo_path IS NOT NULL AND logo_path NOT LIKE '%/%';

COMMENT ON COLUMN client_portals.logo_path IS
  'Storage key of the logo (api/storage/keys.ts), or NULL; its last 16 characters before .webp are its version.';
