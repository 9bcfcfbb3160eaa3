-- Portal clients (issue 17). Conventions of 0001–0006 hold.

-- A magic link remembers who asked for it: the provider's invitation, or a sign-in link the client
-- requested on the portal. A request from the portal voids only older requested links, so nobody can void
-- an invitation by asking for links in the client's name; an invitation stays usable until it is used or
-- expires. Links from before this migration count as requested ones (the old rule voided them anyway).
ALTER TABLE client_magic_links
  ADD COLUMN kind text NOT NULL DEFAULT 'sign_in' CHECK (kind IN ('invitation', 'sign_in'));
-- Every new link names its kind.
ALTER TABLE client_magic_links ALTER COLUMN kind DROP DEFAULT;
