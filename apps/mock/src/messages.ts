// English texts (title, message, actions) for every message key of spec parts 5 and 8 (the contract's MessageKey enum).
import type { MessageKey } from '@assessment/sdk';

export interface MessageText {
  title: string;
  message: string;
  actions: string[];
}

const OK = ['OK'];
const CONFIRM = ['Cancel', 'Confirm'];

export const MESSAGES = {
  generalError: {
    title: 'Something went wrong',
    message: 'Sorry, an unexpected error occurred. Please try again.',
    actions: OK,
  },
  emptyfield: { title: 'Required field', message: 'This field cannot be empty.', actions: OK },
  choose_project: { title: 'Choose a project', message: 'Please choose a project first.', actions: OK },
  choose_collector: { title: 'Choose a collector', message: 'Please choose a collector first.', actions: OK },
  invalid_email: { title: 'Invalid email', message: 'Please enter a valid email address.', actions: OK },
  validate_info: {
    title: 'Check your input',
    message: 'Some of the information entered is missing or not valid.',
    actions: OK,
  },
  userselected: { title: 'Already added', message: 'This user has already been selected.', actions: OK },
  collector_added: {
    title: 'Collector run added',
    message: 'The collector run was added to the project.',
    actions: OK,
  },
  projectcreated: {
    title: 'Project created',
    message: 'Your project was created.',
    actions: ['View project', 'OK'],
  },
  projectupdated: { title: 'Project updated', message: 'Your project was updated.', actions: OK },
  confirmArchiveCR: {
    title: 'Archive collector run',
    message: 'Do you want to archive the selected collector run?',
    actions: CONFIRM,
  },
  confirmStop: {
    title: 'Stop collector run',
    message: 'Do you want to stop this collector run? Collection cannot be resumed.',
    actions: CONFIRM,
  },
  collectorRunStopped: {
    title: 'Collector run stopped',
    message: 'The collector run has been stopped.',
    actions: OK,
  },
  collectorArchiveError: {
    title: 'Archive failed',
    message: 'The collector run could not be archived.',
    actions: OK,
  },
  collectorRestored: {
    title: 'Collector run restored',
    message: 'The collector run has been restored.',
    actions: OK,
  },
  collectorRestoredError: {
    title: 'Restore failed',
    message: 'The collector run could not be restored.',
    actions: OK,
  },
  collectorDownloadError: {
    title: 'Download failed',
    message: 'The collector could not be downloaded. Please try again later.',
    actions: OK,
  },
  operationnotallowed: {
    title: 'Not allowed',
    message: 'You are not allowed to perform this operation.',
    actions: OK,
  },
  newprimary_cannot_changed: {
    title: 'Primary rep not changed',
    message: 'The new primary rep cannot be assigned to this account.',
    actions: OK,
  },
  useraccounts_disabled: {
    title: 'Accounts disabled',
    message: 'The selected user accounts have been disabled.',
    actions: OK,
  },
  useraccounts_enabled: {
    title: 'Accounts enabled',
    message: 'The selected user accounts have been enabled.',
    actions: OK,
  },
  useraccounts_user_promoted: {
    title: 'Role changed',
    message: 'The role of the selected users has been changed.',
    actions: OK,
  },
  useraccounts_reassigned: {
    title: 'Primary rep reassigned',
    message: 'The selected accounts were reassigned to the new primary rep.',
    actions: OK,
  },
  useraccounts_confirm_reassign: {
    title: 'Reassign primary rep',
    message: 'Do you want to reassign the selected accounts to the new primary rep?',
    actions: CONFIRM,
  },
  useraccounts_confirm_updateculture: {
    title: 'Change language',
    message: 'Do you want to change the language of the selected accounts?',
    actions: CONFIRM,
  },
  groupCollectorRunArchiveError: {
    title: 'Some runs were not archived',
    message: 'Some of the selected collector runs could not be archived.',
    actions: OK,
  },
  share_project_error_share_user_not_found: {
    title: 'Could Not Share The Project',
    message: 'No account was found for this email address.',
    actions: OK,
  },
  nodes_required_to_publish: {
    title: 'Nothing to publish',
    message: 'Enable at least one node in the viewer before publishing.',
    actions: OK,
  },
  remove_cr: {
    title: 'Remove collector run',
    message: 'Do you want to remove this collector run from the project?',
    actions: CONFIRM,
  },
  project_removecollectorrun: {
    title: 'Remove last collector run',
    message: 'This is the last collector run of the project. Removing it deletes the project. Continue?',
    actions: CONFIRM,
  },
  confirm_disable_collector: {
    title: 'Disable collector',
    message: 'Do you want to disable this collector? It will stop accepting data.',
    actions: CONFIRM,
  },
  confirm_enable_collector: {
    title: 'Enable collector',
    message: 'Do you want to enable this collector?',
    actions: CONFIRM,
  },
  cookieWarning: {
    title: 'Cookies',
    message: 'This site uses cookies to keep you signed in and to remember your preferences.',
    actions: ['Accept'],
  },
  dellvpn: {
    title: 'Internal network required',
    message: 'Connect to the internal network (VPN) to use this feature.',
    actions: OK,
  },
  register_email_already_exists: {
    title: 'Account exists',
    message: 'An account with this email address already exists. Please sign in instead.',
    actions: OK,
  },
  register_account_inactive: {
    title: 'Account inactive',
    message: 'The account for this email address is inactive. Please contact support.',
    actions: OK,
  },
  dpackcapture_not_end_user: {
    title: 'Not an end user',
    message: 'The capture account must belong to an end user.',
    actions: OK,
  },
  verifyowner_not_end_user: {
    title: 'Owner is not an end user',
    message: 'The customer owner must be an end user account.',
    actions: OK,
  },
  register_blacklisted: {
    title: 'Registration blocked',
    message: 'Registration with this email domain is not possible.',
    actions: OK,
  },
  register_contact_oem: {
    title: 'OEM contact',
    message: 'This email address belongs to an OEM. Please contact your OEM team admin.',
    actions: OK,
  },
  register_found_contact_no_company: {
    title: 'No company',
    message: 'We found your contact but no company. Please contact support.',
    actions: OK,
  },
  register_contact_not_partner: {
    title: 'Not a partner',
    message: 'This contact is not registered as a channel partner.',
    actions: OK,
  },
  register_contact_not_found: {
    title: 'Contact not found',
    message: 'We could not find a contact for this email address.',
    actions: OK,
  },
  dell_reassign_user_doesnt_exist: {
    title: 'Account not found',
    message: 'The capture account to reassign does not exist.',
    actions: OK,
  },
  nofiles: { title: 'No files', message: 'Please add at least one file to upload.', actions: OK },
  only_iokit_allowed: {
    title: 'Wrong file type',
    message: 'Only .iokit and .siokit files are allowed.',
    actions: OK,
  },
  only_iokit_lessthen_hundred_mb_allowed: {
    title: 'File too large',
    message: 'Each file must be smaller than 100 MB.',
    actions: OK,
  },
  only_iokit_and_lessthen_hundred_mb_allowed: {
    title: 'Wrong files',
    message: 'Only .iokit and .siokit files smaller than 100 MB are allowed.',
    actions: OK,
  },
  siokit_upload_combined_file_size_exceeded_limit: {
    title: 'Upload too large',
    message: 'The combined size of the files exceeds the allowed limit.',
    actions: OK,
  },
  iokit_generic_error: {
    title: 'Upload failed',
    message: 'The file could not be uploaded. Please try again.',
    actions: OK,
  },
  siokit_upload_failed: {
    title: 'Upload failed',
    message: 'None of the files could be processed.',
    actions: OK,
  },
  siokit_upload_incomplete: {
    title: 'Upload incomplete',
    message: 'Some of the files could not be processed.',
    actions: OK,
  },
  iokit_cant_continue: {
    title: 'Cannot continue',
    message: 'Remove the files with errors before continuing:',
    actions: OK,
  },
  ticket_submitted: {
    title: 'Ticket submitted',
    message: 'Your support ticket has been submitted. We will get back to you soon.',
    actions: OK,
  },
  retry_initiated: {
    title: 'Retry started',
    message: 'Processing of the project has been restarted.',
    actions: OK,
  },
  project_delete: {
    title: 'Delete project',
    message: 'Do you want to delete this project? This cannot be undone.',
    actions: CONFIRM,
  },
  user_already_team_admin: {
    title: 'Already a team admin',
    message: 'This user is already an admin of a team.',
    actions: OK,
  },
  user_already_assigned_to_team: {
    title: 'Already in a team',
    message: 'This user is already assigned to a team.',
    actions: OK,
  },
  addToTeamEmailsDontMatch: {
    title: 'Different domains',
    message: 'All selected users must have email addresses on the same domain.',
    actions: OK,
  },
  CRsRequired: { title: 'No collector runs', message: 'Select at least one collector run.', actions: OK },
  signin_throttled: {
    title: 'Too many sign-in attempts',
    message: 'Too many failed sign-in attempts. Wait a few minutes, then try again.',
    actions: OK,
  },
  iokit_file_corrupt: {
    title: 'Unreadable collector file',
    message:
      'The file is damaged or is not a collector file. Collect the data again, then upload the new file.',
    actions: OK,
  },
  iokit_file_truncated: {
    title: 'Incomplete collector file',
    message:
      'The file is incomplete: it was cut short while collecting or copying. Upload the complete file.',
    actions: OK,
  },
  iokit_file_wrong_version: {
    title: 'Unsupported collector file',
    message:
      'The file was written by a collector version this portal cannot read. Download the current collector.',
    actions: OK,
  },
  iokit_file_empty: {
    title: 'Empty collector file',
    message: 'The file contains no performance samples. Let the collector run longer, then upload the file.',
    actions: OK,
  },
  iokit_sample_implausible: {
    title: 'Implausible value in the collector file',
    message:
      'A sample holds a value no server can produce, so its figures cannot be trusted. Check the collector and its clock, collect the data again, then upload the new file.',
    actions: OK,
  },
  iokit_file_too_many_hosts: {
    title: 'Too many hosts in the collector file',
    message: 'The file lists more hosts than one file may hold. Split the collection over several files.',
    actions: OK,
  },
  iokit_file_too_many_devices: {
    title: 'Too many disks or interfaces',
    message: 'A host of the file lists more disks or network interfaces than a host may have.',
    actions: OK,
  },
  iokit_file_line_too_long: {
    title: 'Line too long in the collector file',
    message:
      'A line of the file is longer than a line may be. Collect the data again with the current collector.',
    actions: OK,
  },
  iokit_file_line_too_complex: {
    title: 'Unreadable line in the collector file',
    message:
      'A line of the file nests deeper, or holds a longer value, than collector data does, so it is not read. Collect the data again with the current collector.',
    actions: OK,
  },
  iokit_file_too_large: {
    title: 'Collector file too large',
    message: 'The file holds more data than one file may hold. Split the collection over several files.',
    actions: OK,
  },
  iokit_file_compression_ratio: {
    title: 'Collector file not accepted',
    message: 'The file expands far more than collector data does when it is decompressed, so it is not read.',
    actions: OK,
  },
  iokit_file_too_many_samples: {
    title: 'Too many samples in the collector file',
    message: 'The file holds more samples than one file may hold. Split the collection over several files.',
    actions: OK,
  },
  iokit_queue_account_full: {
    title: 'Too many files being processed',
    message:
      'This account already has as many collector files waiting or being processed as it may. Try again once some have finished.',
    actions: OK,
  },
  iokit_queue_full: {
    title: 'Processing is busy',
    message: 'The server is processing as many collector files as it can take. Try again in a few minutes.',
    actions: OK,
  },
  register_password_weak: {
    title: 'Choose another password',
    message:
      'This password is too easy to guess. Choose another one: a few unrelated words make a password that is strong and easy to remember.',
    actions: OK,
  },
  register_password_common: {
    title: 'Choose another password',
    message:
      'This password is a common or leaked password, or one only slightly changed (a capital, a digit or a symbol added, a letter swapped for a look-alike). Choose another one.',
    actions: OK,
  },
  register_password_personal: {
    title: 'Choose another password',
    message:
      'This password contains your name, email address or company name, which anyone aiming at your account tries first. Choose one without them.',
    actions: OK,
  },
  register_password_pattern: {
    title: 'Choose another password',
    message:
      'This password follows a predictable pattern: repeated characters, a sequence such as abcd or 1234, a row of keys such as qwerty, or a date. Choose another one.',
    actions: OK,
  },
  register_password_guessable: {
    title: 'Choose another password',
    message:
      'This password is too easy to guess: common words or names with few other characters. Add a word or two, or choose another one.',
    actions: OK,
  },
  account_email_not_confirmed: {
    title: 'Confirm your email address',
    message:
      'Your registration is not complete yet. Follow the link we mailed to your address, or ask for a new link.',
    actions: OK,
  },
  register_confirm_invalid: {
    title: 'Confirmation link not valid',
    message:
      'This confirmation link is not valid. A newer link may have replaced it: use the link of the latest mail, or ask for a new one.',
    actions: OK,
  },
  register_confirm_used: {
    title: 'Link already used',
    message: 'This confirmation link has been used already. If it confirmed your address, sign in.',
    actions: OK,
  },
  register_confirm_expired: {
    title: 'Confirmation link expired',
    message: 'This confirmation link has expired. Ask for a new link and follow it in time.',
    actions: OK,
  },
  register_confirm_wrong_password: {
    title: 'Wrong password',
    message:
      'This is not the password chosen at registration. After 5 wrong passwords the link stops working. If you did not register, ignore the mail: nothing happens.',
    actions: OK,
  },
  register_resend_throttled: {
    title: 'Too many confirmation mails',
    message:
      'Several confirmation mails were sent to this address recently. Check your mailbox, or try again later.',
    actions: OK,
  },
  // No longer answered (issue #39: nothing is limited per email domain); kept for clients asking for its text.
  register_domain_throttled: {
    title: 'Too many registrations',
    message: 'Too many accounts were registered for this email domain recently. Try again later.',
    actions: OK,
  },
  register_lookup_throttled: {
    title: 'Too many lookups',
    message:
      'Too many email addresses were looked up from here recently. Wait a few minutes, then try again.',
    actions: OK,
  },
} as const satisfies Record<MessageKey, MessageText>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** Resource strings (GET /api/message/GetResourceString/{key}): the message text of a key, or a few UI strings. */
export const RESOURCE_STRINGS: Readonly<Record<string, string>> = {
  Error404: "Error 404 - The file you're looking for could not be found.",
  ConnectionInterrupted: "Connection Interrupted - Looks like you're having some connectivity issues.",
  AutocompleteError: 'Sorry, an error occurred. Please try again',
  NoSearchResults: 'No search results',
  ShareFailedTitle: 'Could Not Share The Project',
  ReassignFailed: 'There was an error while transfering the project to the new owner',
};
