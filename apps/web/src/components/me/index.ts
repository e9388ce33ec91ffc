// The profile's own parts (/me), each a component of its own so that Me.svelte stays a list of sections.
export { default as DeleteMe } from './DeleteMe.svelte';
export { default as Stats } from './Stats.svelte';
export { default as Passkeys } from './Passkeys.svelte';
export { default as Devices } from './Devices.svelte';
export { default as LinkCodes } from './LinkCodes.svelte';
export { default as Ratings } from './Ratings.svelte';
