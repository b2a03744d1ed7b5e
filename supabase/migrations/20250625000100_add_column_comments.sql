-- Column comments for every table of the public and private schemas that had
-- none, so the schema explains itself in Supabase Studio (table editor, API
-- docs). `npm test` (scripts/check-database.ts) fails on any public or private
-- table, view, column or function without a comment.
-- Columns set by a trigger say so: what a client sends there is overwritten or refused.

-- ---------------------------------------------------------------------------
-- Accounts
-- ---------------------------------------------------------------------------
comment on column public.users.id is 'Account id (one sign-in may own several accounts).';
comment on column public.users.auth_user_id is 'The sign-in (auth.users.id) owning this account. No UPDATE grant.';
comment on column public.users.first_name is 'First name (up to 100 characters).';
comment on column public.users.last_name is 'Last name (up to 100 characters).';
comment on column public.users.profile_image_url is 'Avatar: object path in the public avatars bucket (<account_id>/…) or a URL.';
comment on column public.users.id_photos is 'Photos of identity documents: JSON array of object paths or URLs.';
comment on column public.users.role is 'agent, tc (transaction coordinator) or super_admin. Changes only through switch_role() (role switcher) or the database; no UPDATE grant.';
comment on column public.users.original_role is 'The true role while the role switcher shows another one; null when role is the true role. Super admin rights also apply when this is super_admin.';
comment on column public.users.assigned_tc_id is 'An agent''s coordinator (the team); null when unassigned or not an agent. Changes only through assign_agent()/unassign_agent().';
comment on column public.users.phone is 'Phone number as entered (up to 50 characters).';
comment on column public.users.mls_system is 'Name of the agent''s main MLS system.';
comment on column public.users.mls_username is 'User name on the MLS system. The password is encrypted in private.user_secrets.';
comment on column public.users.mls_systems is 'Further MLS systems of the agent (JSON array).';
comment on column public.users.license_number is 'Real-estate license number.';
comment on column public.users.brokerage is 'Name of the brokerage the person works for.';
comment on column public.users.brokerage_address is 'Address of the brokerage.';
comment on column public.users.notes is 'Free-text notes on the profile.';
comment on column public.users.created_at is 'When the account was created. Set by trigger.';
comment on column public.users.updated_at is 'When the account last changed. Set by trigger.';

comment on column public.active_accounts.auth_user_id is 'The sign-in (auth.users.id); one row per sign-in.';
comment on column public.active_accounts.user_id is 'The account the sign-in acts as; must belong to the same sign-in (composite foreign key).';
comment on column public.active_accounts.updated_at is 'When the sign-in last switched account.';

comment on column private.user_secrets.user_id is 'The account owning the secrets.';
comment on column private.user_secrets.mls_password_encrypted is 'MLS password encrypted with pgp_sym_encrypt and private.settings mls_encryption_key; null when not set. Read only through get_mls_password().';
comment on column private.user_secrets.updated_at is 'When the secret was last set or cleared.';

comment on column private.settings.key is 'Setting name, e.g. role_switcher_email, mls_encryption_key.';
comment on column private.settings.value is 'Setting value as text; read only by security definer functions (private.setting(key)).';

-- ---------------------------------------------------------------------------
-- Invitations
-- ---------------------------------------------------------------------------
comment on column public.invitations.id is 'Invitation id; only the invitation e-mail carries it (/onboarding?invitation={id}), so using it proves the mail was received.';
comment on column public.invitations.email is 'The invited e-mail address; the invitation is used only by a sign-in with this address.';
comment on column public.invitations.role is 'Role of the account the invitee gets: tc or agent.';
comment on column public.invitations.invited_by is 'The super admin who sent it (set by trigger); null once that account is deleted.';
comment on column public.invitations.used is 'True once an account was created from it; each invitation works once.';
comment on column public.invitations.used_at is 'When it was used; null while pending.';
comment on column public.invitations.first_name is 'Invitee''s first name when the inviter gave it; shown by get_invitation() and used for the account when sign-up sends none.';
comment on column public.invitations.last_name is 'Invitee''s last name when the inviter gave it; shown by get_invitation() and used for the account when sign-up sends none.';
comment on column public.invitations.expires_at is 'After this moment the invitation is expired (default 7 days after creation).';
comment on column public.invitations.created_at is 'When the invitation was sent. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Listings and their work
-- ---------------------------------------------------------------------------
comment on column public.listings.id is 'Listing id; also the folder of its files in Storage (listings/<id>/…).';
comment on column public.listings.address is 'Property address (1 to 500 characters after trimming).';
comment on column public.listings.seller_name is 'Seller''s name.';
comment on column public.listings.seller_phone is 'Seller''s phone number as entered.';
comment on column public.listings.seller_email is 'Seller''s e-mail address.';
comment on column public.listings.listing_price is 'Asking price as entered (free text, e.g. "$450,000").';
comment on column public.listings.status is 'incomplete, ready, live or under_contract. Changes only through set_listing_status() (the listing''s coordinator or a super admin).';
comment on column public.listings.property_image_url is 'Main photo: object path in the listing-photos bucket (or a URL).';
comment on column public.listings.photo_urls is 'All photos of the listing: JSON array of object paths in the listing-photos bucket.';
comment on column public.listings.agent_id is 'The agent who owns the listing; null once that account is deleted (a super admin reassigns).';
comment on column public.listings.tc_id is 'The coordinating tc; at insert the agent''s coordinator (set by the database). Null once deleted or when the agent had none.';
comment on column public.listings.created_at is 'When the listing was created. Set by trigger.';
comment on column public.listings.updated_at is 'When the listing last changed. Set by trigger.';

comment on column public.notes.id is 'Note id.';
comment on column public.notes.listing_id is 'The listing the note is on.';
comment on column public.notes.user_id is 'The author (set by trigger); null once the author is deleted.';
comment on column public.notes.content is 'Text of the note, or the transcript of a voice note (1 to 20,000 characters).';
comment on column public.notes.is_voice is 'True for a voice note (recording at voice_url).';
comment on column public.notes.voice_url is 'Voice recording: object path in the voice-recordings bucket (listings/<listing_id>/…).';
comment on column public.notes.duration is 'Length of the voice recording in seconds.';
comment on column public.notes.created_at is 'When the note was written. Set by trigger.';
comment on column public.notes.updated_at is 'When the note was last edited. Set by trigger.';

comment on column public.folders.id is 'Folder id.';
comment on column public.folders.name is 'Folder name (1 to 255 characters after trimming).';
comment on column public.folders.parent_id is 'Enclosing folder of the same team; null at the top level. Never the folder itself or one of its subfolders.';
comment on column public.folders.created_by is 'The creator (set by trigger); null once deleted.';
comment on column public.folders.team_tc_id is 'The team (its coordinator''s id) owning the folder; derived from the creator by trigger, fixed afterwards.';
comment on column public.folders.created_at is 'When the folder was created. Set by trigger.';
comment on column public.folders.updated_at is 'When the folder was last renamed or moved. Set by trigger.';

comment on column public.documents.id is 'Document id.';
comment on column public.documents.listing_id is 'The listing of a listing document; null for a general team document.';
comment on column public.documents.folder_id is 'Team folder the document is filed in (same team only); null when unfiled.';
comment on column public.documents.file_name is 'File name shown to people (1 to 255 characters).';
comment on column public.documents.file_url is 'Object path of the file in Storage (bucket listing-documents or team-documents).';
comment on column public.documents.file_type is 'Media type of the file, e.g. application/pdf.';
comment on column public.documents.file_size is 'Size of the file in bytes.';
comment on column public.documents.uploaded_by is 'The uploader (set by trigger); null once deleted.';
comment on column public.documents.is_general is 'True for a general team document (no listing).';
comment on column public.documents.team_tc_id is 'Team (coordinator''s id) of a general document; derived by trigger, null for listing documents.';
comment on column public.documents.created_at is 'When the document was uploaded. Set by trigger.';

comment on column public.messages.id is 'Message id.';
comment on column public.messages.listing_id is 'The listing thread; null for a general team message.';
comment on column public.messages.sender_id is 'The sender (set by trigger); null once deleted (shown as "User").';
comment on column public.messages.content is 'Message text, or the transcript of a voice message (1 to 10,000 characters after trimming).';
comment on column public.messages.is_read is 'Read by the recipient side; changes through mark_messages_read().';
comment on column public.messages.is_general is 'True for a general team message (no listing).';
comment on column public.messages.team_tc_id is 'Team (coordinator''s id) of a general message; derived by trigger, null for listing messages.';
comment on column public.messages.is_voice is 'True for a voice message (recording at voice_url).';
comment on column public.messages.voice_url is 'Voice recording: object path in the voice-recordings bucket (listings/<listing_id>/… or teams/<coordinator_id>/messages/…).';
comment on column public.messages.duration is 'Length of the voice recording in seconds.';
comment on column public.messages.created_at is 'When the message was sent. Set by trigger; with id the key of the keyset pages.';

comment on column public.tasks.id is 'Task id.';
comment on column public.tasks.listing_id is 'The listing the requirement is about.';
comment on column public.tasks.assigned_to_id is 'The agent who must answer (the listing''s agent); null once deleted.';
comment on column public.tasks.created_by_id is 'The coordinator who assigned it (set by trigger); null once deleted.';
comment on column public.tasks.title is 'What is required (1 to 255 characters after trimming).';
comment on column public.tasks.description is 'Details of the requirement.';
comment on column public.tasks.priority is 'low, medium, high or urgent (new tasks from the app: high).';
comment on column public.tasks.status is 'pending or completed.';
comment on column public.tasks.agent_response is 'The agent''s answer; written only through respond_to_task().';
comment on column public.tasks.is_read_by_agent is 'Whether the agent has seen the task (unread badges); set through mark_task_read(), cleared by resend_task().';
comment on column public.tasks.responded_at is 'When the agent answered; null before.';
comment on column public.tasks.due_date is 'Date the requirement is due.';
comment on column public.tasks.completed_at is 'When it was completed; null while pending.';
comment on column public.tasks.last_reminded_at is 'When the coordinator last resent it (resend_task()); null if never.';
comment on column public.tasks.created_at is 'When the task was assigned. Set by trigger.';
comment on column public.tasks.updated_at is 'When the task last changed. Set by trigger.';

comment on column public.tc_responses.id is 'Response id.';
comment on column public.tc_responses.listing_id is 'The listing it concerns.';
comment on column public.tc_responses.tc_id is 'The coordinator who wrote it (set by trigger); null once deleted.';
comment on column public.tc_responses.agent_id is 'The agent it is addressed to; null once deleted.';
comment on column public.tc_responses.response_type is 'What it answers: note, document, photo or task.';
comment on column public.tc_responses.related_item_id is 'Id of the note, document or task it answers (polymorphic, so no foreign key); null when none.';
comment on column public.tc_responses.content is 'Text of the response (1 to 10,000 characters after trimming).';
comment on column public.tc_responses.is_read is 'Whether the agent has read it; the only column the agent may update.';
comment on column public.tc_responses.created_at is 'When it was sent. Set by trigger.';

comment on column public.activity_log.id is 'Entry id.';
comment on column public.activity_log.user_id is 'The account that acted; null once deleted.';
comment on column public.activity_log.listing_id is 'The listing acted on, when there is one.';
comment on column public.activity_log.action is 'What happened, e.g. listing_creation, photo_upload, document_upload, task_response, voice_message.';
comment on column public.activity_log.description is 'Readable sentence shown in activity feeds.';
comment on column public.activity_log.metadata is 'Details of the event (JSON object, depends on action).';
comment on column public.activity_log.created_at is 'When it happened. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Notifications
-- ---------------------------------------------------------------------------
comment on column public.notifications.id is 'Notification id.';
comment on column public.notifications.user_id is 'The recipient account.';
comment on column public.notifications.type is 'ai_reminder, message, task, document, alert or other (the inbox tabs filter on it).';
comment on column public.notifications.title is 'Headline shown in the bell and inbox.';
comment on column public.notifications.content is 'Body text.';
comment on column public.notifications.source_type is 'Kind of row that caused it, e.g. task, message, document, tc_response, tc_team_message.';
comment on column public.notifications.source_id is 'Id of the row that caused it (polymorphic, so no foreign key).';
comment on column public.notifications.priority is 'low, medium, high or urgent.';
comment on column public.notifications.is_read is 'Whether the recipient has read it.';
comment on column public.notifications.read_at is 'When is_read turned true; stamped by trigger (a sent value is ignored), cleared when it turns false.';
comment on column public.notifications.action_url is 'App path opened from the notification, chosen for the recipient (private.listing_url()).';
comment on column public.notifications.metadata is 'Details of the event (JSON object).';
comment on column public.notifications.created_at is 'When it was created. Set by trigger.';
comment on column public.notifications.updated_at is 'When it last changed. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Coordinator chat and private notes
-- ---------------------------------------------------------------------------
comment on column public.tc_channels.id is 'Channel id.';
comment on column public.tc_channels.name is 'Channel name (1 to 100 characters after trimming).';
comment on column public.tc_channels.description is 'What the channel is for.';
comment on column public.tc_channels.is_private is 'Marked private by its creator (all channels are readable by members only).';
comment on column public.tc_channels.created_by_id is 'The creator (set by trigger; becomes an admin member); null once deleted.';
comment on column public.tc_channels.created_at is 'When the channel was created. Set by trigger.';
comment on column public.tc_channels.updated_at is 'When the channel last changed. Set by trigger.';

comment on column public.tc_channel_members.id is 'Membership id.';
comment on column public.tc_channel_members.channel_id is 'The channel.';
comment on column public.tc_channel_members.tc_id is 'The member coordinator.';
comment on column public.tc_channel_members.role is 'member or admin (admins manage the channel and its members).';
comment on column public.tc_channel_members.joined_at is 'When the coordinator joined; without a read marker, later messages count as unread.';

comment on column public.tc_team_messages.id is 'Message id.';
comment on column public.tc_team_messages.channel_id is 'The channel; null is the fixed general channel (every tc and super admin).';
comment on column public.tc_team_messages.sender_id is 'The sender (set by trigger); null once deleted.';
comment on column public.tc_team_messages.agent_id is 'Agent the message is about, optional tag.';
comment on column public.tc_team_messages.listing_id is 'Listing the message is about, optional tag.';
comment on column public.tc_team_messages.content is 'Message text (1 to 10,000 characters after trimming); @First Last mentions notify.';
comment on column public.tc_team_messages.message_type is 'Kind of message, default general (up to 20 characters).';
comment on column public.tc_team_messages.is_thread_reply is 'True for a reply in a thread (see parent_message_id).';
comment on column public.tc_team_messages.parent_message_id is 'Message this replies to; must be in the same channel.';
comment on column public.tc_team_messages.is_pinned is 'Pinned in its channel; changes only through set_message_pinned().';
comment on column public.tc_team_messages.created_at is 'When it was sent. Set by trigger.';
comment on column public.tc_team_messages.updated_at is 'When the row last changed, pins included (edits: edited_at). Set by trigger.';

comment on column public.tc_private_notes.id is 'Note id.';
comment on column public.tc_private_notes.tc_id is 'The coordinator who keeps the note (set by trigger).';
comment on column public.tc_private_notes.agent_id is 'The agent the note is about (one of the coordinator''s agents).';
comment on column public.tc_private_notes.content is 'Text of the note (1 to 20,000 characters after trimming).';
comment on column public.tc_private_notes.created_at is 'When it was written. Set by trigger.';
comment on column public.tc_private_notes.updated_at is 'When it was last edited. Set by trigger.';

-- ---------------------------------------------------------------------------
-- AI
-- ---------------------------------------------------------------------------
comment on column public.ai_assistant.id is 'Configuration id.';
comment on column public.ai_assistant.tc_id is 'The coordinator owning it (set by trigger).';
comment on column public.ai_assistant.assistant_type is 'Kind of assistant, default general.';
comment on column public.ai_assistant.context is 'Context given to the assistant (JSON object).';
comment on column public.ai_assistant.metadata is 'Further settings (JSON object).';
comment on column public.ai_assistant.is_active is 'Whether this configuration is in use.';
comment on column public.ai_assistant.created_at is 'When it was created. Set by trigger.';
comment on column public.ai_assistant.updated_at is 'When it last changed. Set by trigger.';

comment on column public.ai_conversations.id is 'Entry id.';
comment on column public.ai_conversations.user_id is 'The account whose chat this is (set by trigger).';
comment on column public.ai_conversations.role is 'Who wrote the entry: user or assistant.';
comment on column public.ai_conversations.content is 'Text of the entry (up to 50,000 characters).';
comment on column public.ai_conversations."timestamp" is 'When the entry was written (chat order).';

comment on column public.ai_interactions.id is 'Entry id.';
comment on column public.ai_interactions.user_id is 'The account that called the AI (set by trigger).';
comment on column public.ai_interactions.type is 'Kind of AI call (up to 50 characters).';
comment on column public.ai_interactions.input is 'What was sent to the model.';
comment on column public.ai_interactions.output is 'What the model answered.';
comment on column public.ai_interactions.confidence is 'Confidence of the answer, 0 to 1.';
comment on column public.ai_interactions.created_at is 'When the call was made. Set by trigger.';

comment on column public.ai_insights.id is 'Insight id.';
comment on column public.ai_insights.user_id is 'The account it is shown to (set by trigger).';
comment on column public.ai_insights.category is 'Grouping of the insight (up to 50 characters).';
comment on column public.ai_insights.title is 'Headline (up to 255 characters).';
comment on column public.ai_insights.description is 'Explanation of the insight.';
comment on column public.ai_insights.priority is 'low, medium, high or urgent.';
comment on column public.ai_insights.is_active is 'Whether it is still shown.';
comment on column public.ai_insights.created_at is 'When it was generated. Set by trigger.';

comment on column public.ai_workflow_patterns.id is 'Event id.';
comment on column public.ai_workflow_patterns.tc_id is 'The coordinator whose workflow it records.';
comment on column public.ai_workflow_patterns.agent_id is 'The agent involved, when there is one.';
comment on column public.ai_workflow_patterns.pattern_type is 'Grouping of the pattern, e.g. task_assignment, task_completion, task_response_time.';
comment on column public.ai_workflow_patterns.action_type is 'task_assigned, task_responded, task_completed or reminder_sent.';
comment on column public.ai_workflow_patterns.listing_id is 'The listing involved; null once deleted.';
comment on column public.ai_workflow_patterns.task_id is 'The task involved; null once deleted.';
comment on column public.ai_workflow_patterns.metadata is 'Details (JSON object: taskTitle, responseTimeHours for responses).';
comment on column public.ai_workflow_patterns."timestamp" is 'When the event happened.';

comment on column public.ai_learning_insights.id is 'Insight id.';
comment on column public.ai_learning_insights.tc_id is 'The coordinator it is for (set by trigger).';
comment on column public.ai_learning_insights.agent_id is 'The agent it is about (one of the coordinator''s), or null for all.';
comment on column public.ai_learning_insights.insight_type is 'reminder_optimization, task_prediction, efficiency_pattern or other.';
comment on column public.ai_learning_insights.title is 'Headline (up to 255 characters).';
comment on column public.ai_learning_insights.description is 'What was observed.';
comment on column public.ai_learning_insights.recommendation is 'What the coordinator could do about it.';
comment on column public.ai_learning_insights.confidence is 'Confidence 0 to 1 (default 0.7).';
comment on column public.ai_learning_insights.trigger_condition is 'When the insight applies, e.g. reminder timing (JSON object).';
comment on column public.ai_learning_insights.metadata is 'Further details (JSON object).';
comment on column public.ai_learning_insights.is_active is 'Whether it is still shown.';
comment on column public.ai_learning_insights.last_triggered is 'When it last applied (e.g. a reminder was raised from it).';
comment on column public.ai_learning_insights.created_at is 'When it was generated. Set by trigger.';
comment on column public.ai_learning_insights.updated_at is 'When it last changed. Set by trigger.';

comment on column public.ai_learning_data.id is 'Entry id.';
comment on column public.ai_learning_data.tc_id is 'The coordinator it was learned for (set by trigger).';
comment on column public.ai_learning_data.data_type is 'Kind of learned data (up to 50 characters).';
comment on column public.ai_learning_data.pattern is 'The learned pattern (JSON object).';
comment on column public.ai_learning_data.confidence is 'Confidence 0 to 1 (default 0).';
comment on column public.ai_learning_data.usage_count is 'How often it has been used.';
comment on column public.ai_learning_data.last_used is 'When it was last used; null if never.';
comment on column public.ai_learning_data.created_at is 'When it was learned. Set by trigger.';

comment on column public.ai_listing_descriptions.id is 'Description id.';
comment on column public.ai_listing_descriptions.listing_id is 'The listing it was written for, optional.';
comment on column public.ai_listing_descriptions.tc_id is 'The coordinator who generated it (set by trigger).';
comment on column public.ai_listing_descriptions.style is 'Writing style asked for, e.g. Classic (one row per style).';
comment on column public.ai_listing_descriptions.description is 'Generated text (up to 5,000 characters).';
comment on column public.ai_listing_descriptions.highlights is 'Key selling points picked out for the listing.';
comment on column public.ai_listing_descriptions.research_used is 'Whether property research fed the description.';
comment on column public.ai_listing_descriptions.created_at is 'When it was generated. Set by trigger.';

comment on column public.property_research.id is 'Research id.';
comment on column public.property_research.address is 'The researched address (1 to 500 characters after trimming).';
comment on column public.property_research.research_data is 'Research results: public-record style facts about the property (JSON object).';
comment on column public.property_research.last_updated is 'When the research was last refreshed.';
