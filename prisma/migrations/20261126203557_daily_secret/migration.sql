-- CreateTable
CREATE TABLE "DailySecret" (
    "id" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DailySecret_pkey" PRIMARY KEY ("id")
);
