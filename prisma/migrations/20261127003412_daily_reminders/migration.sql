-- CreateTable
CREATE TABLE "DailyReminder" (
    "playerId" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "utcOffsetMinutes" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DailyReminder_pkey" PRIMARY KEY ("playerId")
);
