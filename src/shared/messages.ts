/** The spec's own sentences (SPEC sections 5 and 8), shown by the page and answered by the Worker. */
export const DUPLICATE_SERVER_MESSAGE = 'This server is already whitelisted!';
export const SELECT_REPLACE_MESSAGE = 'Please select a server to replace';
export const DELETE_ENTRY_CONFIRM = 'Are you sure you want to delete this entry?';
export const SERVER_BUSY_MESSAGE = 'Server is busy. Please try again in a moment.';
