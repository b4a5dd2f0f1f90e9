// the secret box moved to @bi/core (the warning service's chat robots use it too)
export { SecretBox, SecretUnreadableError } from '@bi/core';
