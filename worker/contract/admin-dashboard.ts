/* Admin dashboard (/api/v2/admin/dashboard): the counts and the three lists. */

export interface DashboardStats {
  activeUsers: number;
  totalDomains: number;
  totalAssignments: number;
  pendingActions: number;
  totalCourses: number;
}
export interface RecentProgressRow {
  username: string;
  courseName: string;
  progress: number;
  timestamp: string;
}
export interface RecentCourseRow {
  id: string;
  title: string;
  domain: string;
  status: 'DRAFT' | 'PUBLISHED';
  createdAt: string;
}
export interface TopPerformerRow {
  username: string;
  completedCourses: number;
  totalCourses: number;
}
