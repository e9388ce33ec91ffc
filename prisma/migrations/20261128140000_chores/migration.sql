-- One-time tasks of a database, done once (prisma/schema.prisma, Chore). A database that already
-- has ratings had its history rated (or began with ratings): that one is done.

-- CreateTable
CREATE TABLE "Chore" (
    "name" TEXT NOT NULL,
    "doneAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Chore_pkey" PRIMARY KEY ("name")
);

INSERT INTO "Chore" ("name") SELECT 'rate-history' WHERE EXISTS (SELECT 1 FROM "RatingChange");
