-- Why a version's preview failed (issue 26): the file's own limit, recorded once and never retried
-- (`unreadable`: the bytes do not decode; `too_large`: more memory or pixels than a preview may use;
-- `too_many_pages`; `too_slow`: more CPU time than a page may take), or `error` (our side failed on
-- every attempt). Null unless `preview_status` is 'failed'.
ALTER TABLE file_versions ADD COLUMN preview_failure text
  CHECK (preview_failure IN ('unreadable', 'too_large', 'too_many_pages', 'too_slow', 'error'));
