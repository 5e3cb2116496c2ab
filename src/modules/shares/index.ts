export { sharesBehaviour } from './shares.behaviours.js';
export { createSharesService, SHARE_INFO_FIELDS, type SharesService } from './create-shares-service.js';
export { shareInviteMessage, sharePageLink } from './share-message.js';
