-- Pins in the order they were written (issue 20): several pins sent with one decision share its
-- transaction's time, so `created_at` alone cannot order them; `seq` does (as `file_events.seq`).
ALTER TABLE file_pins ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX file_pins_file_seq_idx ON file_pins (provider_id, file_id, seq);
