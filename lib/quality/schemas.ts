import { z } from "zod";
import { PRINTABLE_NOTE, PrintableText } from "@/lib/printable";
import { RATING_TAGS, RatingSource, RatingTag } from "@/lib/vocabulary";

/** What a passenger or an operator may say: WALKED and DECLINED are the hotel's own record, written by the walk. */
export const SAYABLE_TAGS = RATING_TAGS.filter((t): t is Exclude<RatingTag, "WALKED" | "DECLINED"> => t !== "WALKED" && t !== "DECLINED");
const SayableTag = z.enum(SAYABLE_TAGS as [(typeof SAYABLE_TAGS)[number], ...(typeof SAYABLE_TAGS)[number][]]).meta({ description: `one of ${SAYABLE_TAGS.join(", ")}` });

const tags = z
  .array(SayableTag)
  .max(SAYABLE_TAGS.length)
  .refine((a) => new Set(a).size === a.length, { message: "values must be unique" });

const comment = PrintableText.trim().max(1000).optional().meta({ description: `optional plain text, up to 1000 characters; erased with the passenger's personal data; ${PRINTABLE_NOTE}` });

export const RatingBody = z
  .strictObject({
    score: z.number().int().min(1).max(5).meta({ description: "1 (very bad) to 5 (very good)" }),
    tags: tags.default([]).meta({ description: "what went wrong, if anything" }),
    comment,
  })
  .meta({ id: "StayRatingInput" });
export type RatingBody = z.input<typeof RatingBody>;

export const ProblemBody = z
  .strictObject({
    tags: tags.min(1, "name at least one problem"),
    note: PrintableText.trim().max(1000).optional().meta({ description: `optional, what happened; ${PRINTABLE_NOTE}` }),
    score: z.number().int().min(1).max(5).default(1).meta({ description: "1–5, how bad the stay was; default 1" }),
  })
  .meta({ id: "StayProblemInput" });
export type ProblemBody = z.input<typeof ProblemBody>;

export const StayRating = z
  .object({
    urn: z.string(),
    reservationUrn: z.string(),
    hotelUrn: z.string(),
    source: RatingSource,
    score: z.number().int(),
    tags: z.array(RatingTag),
    comment: z.string().nullable().meta({ description: "null once erased" }),
    createdAt: z.string(),
  })
  .meta({ id: "StayRating" });
export type StayRating = z.infer<typeof StayRating>;

export const TagCount = z.object({ tag: RatingTag, count: z.number().int() });

export const HotelQuality = z
  .object({
    hotelUrn: z.string(),
    score: z
      .number()
      .nullable()
      .meta({ description: "mean of every rating's score (passengers', operators' problems, the hotel's walks and declines), two decimals; null below QUALITY_MIN_RATINGS ratings" }),
    ratings: z.number().int().meta({ description: "how many ratings the caller's tenant holds for the hotel" }),
    minRatings: z.number().int().meta({ description: "ratings needed for a score (QUALITY_MIN_RATINGS)" }),
    tags: z.array(TagCount).meta({ description: "each tag with the number of ratings that carry it, most frequent first (ties by tag name); tags never used are left out" }),
  })
  .meta({ id: "HotelQuality" });
export type HotelQuality = z.infer<typeof HotelQuality>;
