-- Issue 29's budgets (`BENCH_ONLY=analytics npm run bench`): what the analytics read, from the index alone.
-- Money: a provider's invoices of one currency with every column the view aggregates.
CREATE INDEX invoices_analytics_idx ON invoices (provider_id, currency, status)
  INCLUDE (id, client_id, amount_cents, paid_cents, due_date, paid_on, issued_at);
-- Money: the applied payments (receipts) with their day and amount.
CREATE INDEX invoice_payments_applied_idx ON invoice_payments (provider_id)
  INCLUDE (invoice_id, paid_on, amount_cents) WHERE outcome = 'applied';
-- Work: messages per project in a period, and the conversations in order for the first response.
DROP INDEX messages_provider_created_idx;
CREATE INDEX messages_provider_created_idx ON messages (provider_id, created_at)
  INCLUDE (project_id, sender_type, sender_client_id, seq);
DROP INDEX messages_project_seq_idx;
CREATE INDEX messages_project_seq_idx ON messages (provider_id, project_id, seq DESC)
  INCLUDE (sender_type, created_at);
-- Clients: each client's last message, and the provider's messages after a client's read mark.
CREATE INDEX messages_client_sender_idx ON messages (provider_id, sender_client_id, created_at)
  WHERE sender_type = 'client';
CREATE INDEX messages_provider_sent_idx ON messages (provider_id, project_id, seq) WHERE sender_type = 'provider';
