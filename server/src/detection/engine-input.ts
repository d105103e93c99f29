import type { Listing } from '@redflag/contracts/reputation';
import type { Platform } from '@redflag/contracts/scan';
import type { ScanContext } from '@redflag/contracts/scan-context';

/** What the engine reads: the pasted message and what the user said about its sender. */
export interface EngineInput {
  message: string;
  phoneNumber?: string | undefined;
  email?: string | undefined;
  platform?: Platform | undefined;
  /** Links the user's browser decoded from QR codes in a screenshot; they are in `message` too. */
  qrLinks?: readonly string[] | undefined;
  /** The user's answers about the sender and the chat (context.ts): evidence they gave. */
  context?: ScanContext | undefined;
  /**
   * The message's links found on known-bad lists (the scan service's lookup, decision 103): evidence the decision
   * weighs (policy step 8). The engine keeps those of the links it found itself; it never looks them up.
   */
  knownBad?: readonly Listing[] | undefined;
}
