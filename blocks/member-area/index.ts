import { z } from 'zod';
import { defineBlock } from '../define.js';

/** member-area.html */
export const MEMBER_AREA_PARTIAL = "<div class=\"block-member-area\" data-block-code=\"67\">{.section props.title}<h2 class=\"block-member-area-title\">{@|html}</h2>{.end}{.section data}{.if name}<p class=\"block-member-area-name\">{name|html}</p><p class=\"block-member-area-links\"><a class=\"button\" href=\"/account/sign-up\">{.section join}{@|html}{.or}Join{.end}</a> <a href=\"/account\">{.section signIn}{@|html}{.or}Sign in{.end}</a></p>{.or}<p class=\"block-member-area-empty\">{.section empty}{@|html}{.or}Member area{.end}</p>{.end}{.or}<p class=\"block-member-area-empty\">Member area</p>{.end}</div>\n";

/**
 * The member-area block (SPEC §3 BlockType 67, issue 30): the chosen member area's name with
 * links to join (create an account) and sign in. The same for every visitor, so a page
 * holding it stays cacheable; what a member may read is decided per page (edge/pages/members).
 */
export const memberAreaBlock = defineBlock({
  name: 'member-area',
  code: 67,
  group: 'PREMIUM',
  props: z.strictObject({ title: z.string().max(200).default(''), area: z.string().max(64).default('') }),
  partial: MEMBER_AREA_PARTIAL,
});
