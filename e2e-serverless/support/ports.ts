/** The emulated platform's ports (below Linux's ephemeral range, apart from every other suite's). */
export const platformPorts = {
  /** The platform's front: the site's address. */
  front: 28200,
  /** Instances take ports from here up, one per live instance. */
  instances: 28210,
  /** The SMTP server the instances send to. */
  smtp: 28290,
};
