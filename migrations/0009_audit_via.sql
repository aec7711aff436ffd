-- Where a change was made: NULL on the dashboard, 'discord' when the bot made it for a member's command
-- (PUT /api/bot/guilds/{id}/settings). The history shows it beside the member's name.
ALTER TABLE settings_audit ADD COLUMN via TEXT CHECK (via IS NULL OR via = 'discord');
