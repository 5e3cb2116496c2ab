export { notificationsBehaviour } from './notifications.behaviours.js';
export { itemPageLink, notificationMessage } from './notification-message.js';
